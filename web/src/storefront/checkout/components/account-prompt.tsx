import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { authPathReturningTo } from '../../../lib/return-to';

/** A guest may sign in or up first; either way they come back to the cart. */
export function AccountPrompt() {
  const { t } = useTranslation('storefront');
  return (
    <p className="text-sm text-stone-700" data-testid="checkout-account-prompt">
      {t('checkout.accountPrompt')}{' '}
      <Link to={authPathReturningTo('/login', '/cart')} className="font-medium text-brand-700 underline">
        {t('checkout.signIn')}
      </Link>
      {' · '}
      <Link to={authPathReturningTo('/signup', '/cart')} className="font-medium text-brand-700 underline">
        {t('checkout.signUp')}
      </Link>
    </p>
  );
}
