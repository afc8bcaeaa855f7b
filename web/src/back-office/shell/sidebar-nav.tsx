import { Link, NavLink } from 'react-router';
import { useSelector } from 'react-redux';
import { useTranslation } from '../../lib/use-translation';
import {
  History,
  LayoutDashboard,
  MessageSquare,
  Package,
  Receipt,
  FileText,
  KeyRound,
  Settings2,
  Star,
  Store,
  Tag,
  Truck,
  Users,
} from 'lucide-react';
import { DELIVERY_ADMIN_ROLES, USER_ADMIN_ROLES, type Role } from '@shop/common';
import { selectCurrentUser } from '../../entities/session/session-slice';

const NAV = [
  { to: '/admin', end: true, key: 'nav.dashboard', Icon: LayoutDashboard },
  { to: '/admin/products', end: false, key: 'nav.products', Icon: Package },
  { to: '/admin/orders', end: false, key: 'nav.orders', Icon: Receipt },
  { to: '/admin/quotes', end: false, key: 'nav.quotes', Icon: FileText },
  { to: '/admin/deliveries', end: false, key: 'nav.deliveries', Icon: Truck },
  { to: '/admin/users', end: false, key: 'nav.users', Icon: Users },
  { to: '/admin/reviews', end: false, key: 'nav.reviews', Icon: Star },
  // The audit log and the alerts' status are for admins and the CEO (the server says 403 to others).
  { to: '/admin/audit', end: false, key: 'nav.audit', Icon: History, roles: USER_ADMIN_ROLES },
  // Promo codes are prices too.
  { to: '/admin/promo-codes', end: false, key: 'nav.promoCodes', Icon: Tag, roles: DELIVERY_ADMIN_ROLES },
  { to: '/admin/sms', end: false, key: 'nav.sms', Icon: MessageSquare, roles: USER_ADMIN_ROLES },
  // Tariffs and slots are prices: admins and the CEO set them.
  {
    to: '/admin/delivery-settings',
    end: false,
    key: 'nav.deliverySettings',
    Icon: Settings2,
    roles: DELIVERY_ADMIN_ROLES,
  },
  { to: '/admin/security', end: false, key: 'nav.security', Icon: KeyRound },
] as const;

/** The staff screens' icons are a little smaller than the shop's. */
export const ICON_SIZE = 20;

/** The screens the user's role may open, and the way back to the shop; icons only while collapsed. */
export function SidebarNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('admin');
  const user = useSelector(selectCurrentUser);
  const shown = NAV.filter(
    (entry) => !('roles' in entry) || (!!user && entry.roles.includes(user.role as Role)),
  );
  const item = (active: boolean) =>
    `flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium ${
      active ? 'bg-brand-600 text-white' : 'text-stone-200 hover:bg-white/10 hover:text-white'
    } ${collapsed ? 'justify-center' : ''}`;
  return (
    <nav aria-label={t('nav.label')} className="flex flex-1 flex-col gap-1 p-2">
      {shown.map(({ to, end, key, Icon }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          onClick={onNavigate}
          className={({ isActive }) => item(isActive)}
          title={collapsed ? t(key) : undefined}
        >
          <Icon size={ICON_SIZE} />
          <span className={collapsed ? 'sr-only' : ''}>{t(key)}</span>
        </NavLink>
      ))}
      <div className="mt-auto border-t border-white/10 pt-2">
        <Link to="/" className={item(false)} title={collapsed ? t('nav.backToShop') : undefined}>
          <Store size={ICON_SIZE} />
          <span className={collapsed ? 'sr-only' : ''}>{t('nav.backToShop')}</span>
        </Link>
      </div>
    </nav>
  );
}
