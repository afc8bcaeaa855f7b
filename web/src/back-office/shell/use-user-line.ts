import { useSelector } from 'react-redux';
import { useTranslation } from '../../lib/use-translation';
import { selectCurrentUser } from '../../entities/session/session-slice';

/** "Name · Role" of the signed-in staff member, shown under the sidebar's title. */
export function useUserLine(): string {
  const { t } = useTranslation('admin');
  const user = useSelector(selectCurrentUser);
  return user ? `${user.fullName || user.name} · ${t(`roles.${user.role}`)}` : '';
}
