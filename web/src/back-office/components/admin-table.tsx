import type { ReactNode } from 'react';
import { th } from './styles';

export interface AdminColumn {
  label: string;
  /** Over the row actions, which sit at the right edge. */
  alignRight?: boolean;
  /** Heard by screen readers only, over buttons that name themselves. */
  srOnly?: boolean;
}

/** The header row of every back-office table; a table's labels are unique, so they serve as keys. */
export function AdminTableHead({ columns }: { columns: AdminColumn[] }) {
  return (
    <thead className="bg-stone-50">
      <tr>
        {columns.map((column) => (
          <th key={column.label} scope="col" className={column.alignRight ? `${th} text-right` : th}>
            {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

interface AdminTableProps {
  /** Names the table for screen readers. */
  caption: string;
  columns: AdminColumn[];
  /** Dims the rows while the next page loads over them. */
  busy?: boolean;
  /** The body rows. */
  children: ReactNode;
}

/** A list screen's table, scrolling sideways on a narrow screen. */
export function AdminTable({ caption, columns, busy = false, children }: AdminTableProps) {
  return (
    <div
      className={`relative overflow-x-auto rounded-xl border border-stone-200 bg-white${busy ? ' opacity-70' : ''}`}
    >
      <table className="min-w-full divide-y divide-stone-200">
        <caption className="sr-only">{caption}</caption>
        <AdminTableHead columns={columns} />
        <tbody className="divide-y divide-stone-100">{children}</tbody>
      </table>
    </div>
  );
}
