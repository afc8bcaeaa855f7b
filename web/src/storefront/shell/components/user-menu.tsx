import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { Link } from 'react-router';
import { useSelector } from 'react-redux';
import { useTranslation } from '../../../lib/use-translation';
import { selectCurrentUser, selectIsStaff } from '../../../entities/session/session-slice';
import { useClosesOnNavigation } from '../hooks/use-closes-on-navigation';
import { useSignOut } from '../hooks/use-sign-out';

const itemClass = 'block px-4 py-2 hover:bg-stone-100';

/** The user's name as a button opening the admin link (for staff), my orders and sign-out. */
export default function UserMenu() {
  const { t } = useTranslation('common');
  const user = useSelector(selectCurrentUser);
  const isStaff = useSelector(selectIsStaff);
  const signOut = useSignOut();
  const [open, setOpen] = useClosesOnNavigation();
  const menuRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), [setOpen]);
  useDismiss(open, menuRef, close);
  return (
    <div ref={menuRef} className="relative hidden lg:block">
      <button
        type="button"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((isOpen) => !isOpen)}
        className="flex items-center gap-2 rounded-full border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-100"
      >
        <span className="max-w-32 truncate">{user?.fullName || user?.name}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul className="absolute right-0 mt-2 w-52 rounded-lg border border-stone-200 bg-white py-1 shadow-lg">
          {isStaff && (
            <li>
              <Link to="/admin" className={itemClass}>
                {t('nav.admin')}
              </Link>
            </li>
          )}
          <li>
            <Link to="/portfolio" className={itemClass}>
              {t('nav.myOrders')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={signOut}
              className="block w-full px-4 py-2 text-left hover:bg-stone-100"
            >
              {t('nav.signOut')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

/** While open, a click outside the menu or Escape closes it. */
function useDismiss(open: boolean, menuRef: RefObject<HTMLDivElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onEvent = (event: MouseEvent | KeyboardEvent) => {
      const outside =
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !menuRef.current?.contains(event.target as Node);
      if (outside) close();
    };
    document.addEventListener('mousedown', onEvent);
    document.addEventListener('keydown', onEvent);
    return () => {
      document.removeEventListener('mousedown', onEvent);
      document.removeEventListener('keydown', onEvent);
    };
  }, [open, menuRef, close]);
}
