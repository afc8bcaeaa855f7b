import type { ToastContent, ToastOptions } from 'react-toastify';

/**
 * react-toastify (~10 KB gzip) is not part of a storefront page's first load (decision 010): the
 * container is mounted once the page has hydrated (`LazyToasts`), and a toast asked for before
 * the library arrived is shown as soon as it has (react-toastify queues toasts until a container
 * mounts). The back office, a lazy chunk itself, imports react-toastify directly.
 */
let library: Promise<typeof import('react-toastify')> | undefined;
export const loadToastify = () => (library ??= import('react-toastify'));

const show =
  (kind: 'success' | 'error' | 'info' | 'warn') =>
  (content: ToastContent, options?: ToastOptions): void =>
    void loadToastify().then(({ toast: library }) => library[kind](content, options));

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warn: show('warn'),
};
