import { useNavigate } from 'react-router';
import { useDispatch } from 'react-redux';
import { useTranslation } from '../../../lib/use-translation';
import { baseApi } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { logout } from '../../../entities/session/session-slice';

/** Signs out: forgets the session and every cached answer (they were the account's), then goes home. */
export function useSignOut(): () => void {
  const { t } = useTranslation('common');
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return () => {
    dispatch(logout());
    dispatch(baseApi.util.resetApiState());
    toast.info(t('nav.signedOut'));
    navigate('/');
  };
}
