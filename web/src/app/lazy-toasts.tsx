import { useEffect, useState, type ComponentType } from 'react';
import type { ToastContainerProps } from 'react-toastify';
import { TOAST_CLOSE_MS } from '@shop/common';
import { loadToastify } from '../lib/toast';

/**
 * The toast container, mounted after hydration: the server and the first browser render both
 * show nothing here, and react-toastify stays out of the first load (lib/toast.ts).
 */
export function LazyToasts() {
  const [Container, setContainer] = useState<ComponentType<ToastContainerProps> | null>(null);
  useEffect(() => {
    let active = true;
    void loadToastify().then(({ ToastContainer }) => active && setContainer(() => ToastContainer));
    return () => {
      active = false;
    };
  }, []);
  if (!Container) return null;
  // At the bottom (full width on a phone): a toast at the top covered the sticky header, and its
  // cart link, for the toast's whole life.
  return (
    <Container
      position="bottom-right"
      autoClose={TOAST_CLOSE_MS}
      pauseOnHover
      draggable
      draggablePercent={80}
    />
  );
}
