/** Class strings shared by the back-office screens (Tailwind utilities only). */
const btnBase =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50';

export const btn = {
  primary: `${btnBase} bg-brand-600 text-white hover:bg-brand-700`,
  secondary: `${btnBase} border border-stone-300 bg-white text-stone-800 hover:bg-stone-50`,
  danger: `${btnBase} bg-red-700 text-white hover:bg-red-800`,
  ghost: `${btnBase} text-stone-700 hover:bg-stone-100`,
  small:
    'inline-flex items-center justify-center rounded-md px-2.5 py-1.5 text-sm font-medium disabled:opacity-50',
};

export const input =
  'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600 aria-[invalid=true]:border-red-600';

export const label = 'mb-1 block text-sm font-medium text-stone-800';
export const fieldError = 'mt-1 text-sm text-red-700';
export const card = 'rounded-xl border border-stone-200 bg-white shadow-sm';
export const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-stone-600';
export const td = 'px-3 py-2 align-middle text-sm text-stone-800';
