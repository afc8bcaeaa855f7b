import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SubmitButton } from '../../../components/ui/submit-button';
import { AuthCard } from './auth-card';

interface Props {
  title: string;
  /** The footer's question and the link to the other auth page. */
  prompt: string;
  linkTo: string;
  linkLabel: string;
  /** The server's refusal, shown above the fields. */
  banner: string | null;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}

export function AuthForm({
  title,
  prompt,
  linkTo,
  linkLabel,
  banner,
  busy,
  submitLabel,
  busyLabel,
  onSubmit,
  children,
}: Props) {
  return (
    <AuthCard
      title={title}
      footer={
        <>
          {prompt}{' '}
          <Link to={linkTo} className="font-medium text-brand-700 hover:underline">
            {linkLabel}
          </Link>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
        className="flex flex-col gap-4"
      >
        {banner && (
          <p
            role="alert"
            data-testid="form-error"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {banner}
          </p>
        )}
        {children}
        <SubmitButton
          busy={busy}
          busyLabel={busyLabel}
          className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {submitLabel}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
