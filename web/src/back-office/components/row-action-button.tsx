import type { ReactNode } from 'react';
import { btn } from './styles';

interface Props {
  /** Names the row it acts on, for screen readers: "Delete Oak desk", not a row of "Delete"s. */
  label: string;
  onClick: () => void;
  /** Red, for the action that removes the row. */
  danger?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** A small button in a table row's actions cell. */
export function RowActionButton({ label, onClick, danger = false, disabled, children }: Props) {
  return (
    <button
      type="button"
      className={`${btn.small} ${danger ? 'text-red-700 hover:bg-red-50' : 'border border-stone-300 hover:bg-stone-50'}`}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
    >
      {children}
    </button>
  );
}
