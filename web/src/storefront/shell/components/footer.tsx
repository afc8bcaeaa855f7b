import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { CATEGORIES, SOCIAL_NETWORKS, type ShopContacts } from '@shop/common';
import { FacebookIcon, InstagramIcon, TelegramIcon } from '../../../components/ui/brand-icons';
import { useSite } from '../../../lib/site';

const SOCIAL_ICONS = { telegram: TelegramIcon, instagram: InstagramIcon, facebook: FacebookIcon };

/** The shop's social pages from its configuration; none configured, no list. */
function SocialLinks({ social }: { social: ShopContacts['social'] }) {
  const { t } = useTranslation('common');
  const links = SOCIAL_NETWORKS.flatMap((network) => {
    const href = social[network];
    return href ? [{ network, href, Icon: SOCIAL_ICONS[network] }] : [];
  });
  if (links.length === 0) return null;
  return (
    <ul className="mt-4 flex gap-3" aria-label={t('footer.social')}>
      {links.map(({ network, href, Icon }) => (
        <li key={network}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t(`footer.socials.${network}`)}
            className="block rounded-full bg-stone-800 p-2 hover:bg-stone-700"
          >
            <Icon size={18} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Address, phone, e-mail and hours as configured; the heading only when there is one of them. */
function ContactList({ phone, contacts }: { phone?: string; contacts?: ShopContacts }) {
  const { t } = useTranslation('common');
  const { address, email, hours } = contacts ?? {};
  if (!phone && !address && !email && !hours) return null;
  return (
    <div>
      <h2 className="font-semibold text-white">{t('footer.contact')}</h2>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        {address && <li>{address}</li>}
        {phone && (
          <li>
            <a href={`tel:${phone.replace(/[^+\d]/g, '')}`} className="hover:text-white hover:underline">
              {phone}
            </a>
          </li>
        )}
        {email && (
          <li>
            <a href={`mailto:${email}`} className="hover:text-white hover:underline">
              {email}
            </a>
          </li>
        )}
        {hours && <li>{hours}</li>}
      </ul>
    </div>
  );
}

export function Footer() {
  const { t } = useTranslation('common');
  const site = useSite();
  return (
    <footer className="mt-16 bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-xl font-extrabold text-white">{site.shopName}</p>
          <p className="mt-3 text-sm text-stone-300">{t('footer.about')}</p>
          <SocialLinks social={site.contacts?.social ?? {}} />
        </div>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick" className="font-semibold text-white">
            {t('footer.quickLinks')}
          </h2>
          <ul className="mt-3 flex flex-col gap-2 text-sm">
            <li>
              <Link to="/" className="hover:text-white hover:underline">
                {t('nav.home')}
              </Link>
            </li>
            <li>
              <Link to="/products" className="hover:text-white hover:underline">
                {t('nav.products')}
              </Link>
            </li>
            <li>
              <Link to="/cart" className="hover:text-white hover:underline">
                {t('nav.cart')}
              </Link>
            </li>
            <li>
              <Link to="/privacy" className="hover:text-white hover:underline">
                {t('footer.privacy')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className="font-semibold text-white">
            {t('footer.categories')}
          </h2>
          <ul className="mt-3 flex flex-col gap-2 text-sm">
            {CATEGORIES.map((category) => (
              <li key={category}>
                <Link to={`/category/${category}`} className="hover:text-white hover:underline">
                  {t(`categories.${category}.name`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <ContactList phone={site.shopPhone} contacts={site.contacts} />
      </div>
      <p className="border-t border-stone-800 py-5 text-center text-sm text-stone-400">
        {t('footer.copyright', { year: new Date().getFullYear(), name: site.shopName })}
      </p>
    </footer>
  );
}
