/** The header's page links: brand-coloured while on that page. */
export const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 font-medium ${isActive ? 'text-brand-700' : 'text-stone-700 hover:text-brand-700'}`;
