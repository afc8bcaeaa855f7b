import { createLucideIcon } from 'lucide-react';

/**
 * The social networks' marks, which lucide does not ship (it draws no brand logos), made lucide
 * icons so they take the same props as the rest; drawn filled, as the brands draw them.
 */
const brandIcon = (name: string, d: string) =>
  createLucideIcon(name, [['path', { d, fill: 'currentColor', stroke: 'none', key: name }]]);

export const TelegramIcon = brandIcon(
  'telegram',
  'M21.9 4.3 18.6 20c-.2 1.1-.9 1.4-1.8.9l-5-3.7-2.4 2.3c-.3.3-.5.5-1 .5l.4-5.1 9.2-8.3c.4-.4-.1-.6-.6-.2L6 13.6l-4.9-1.5c-1.1-.3-1.1-1.1.2-1.6L20.5 3c.9-.3 1.7.2 1.4 1.3z',
);
export const InstagramIcon = brandIcon(
  'instagram',
  'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4zM17.3 5.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zM7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5z',
);
export const FacebookIcon = brandIcon(
  'facebook',
  'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.4V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6 1-.6z',
);
