import type { ButtonHTMLAttributes } from 'react';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled'> & {
  busy: boolean;
  busyLabel: string;
};

/** A form's submit button: disabled, and saying so, while the request is in flight. */
export function SubmitButton({ busy, busyLabel, children, ...button }: Props) {
  return (
    <button type="submit" disabled={busy} {...button}>
      {busy ? busyLabel : children}
    </button>
  );
}
