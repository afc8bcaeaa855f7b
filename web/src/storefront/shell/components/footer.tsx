import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CATEGORIES } from '@shop/common';
import { FacebookIcon, InstagramIcon, TelegramIcon } from '../../../components/ui/brand-icons';

const SOCIALS = [
  { key: 'telegram', Icon: TelegramIcon },
  { key: 'instagram', Icon: InstagramIcon },
  { key: 'facebook', Icon: FacebookIcon },
] as const;

export function Footer() {
  const { t } = useTranslation('common');
  return (
    <footer className="mt-16 bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-xl font-extrabold text-white">{t('brand')}</p>
          <p className="mt-3 text-sm text-stone-300">{t('footer.about')}</p>
          <ul className="mt-4 flex gap-3" aria-label={t('footer.social')}>
            {SOCIALS.map((social) => (
              <li key={social.key}>
                {/* The social links go nowhere yet. */}
                <a
                  href="#"
                  onClick={(event) => event.preventDefault()}
                  aria-label={t(`footer.socials.${social.key}`)}
                  className="block rounded-full bg-stone-800 p-2 hover:bg-stone-700"
                >
                  <social.Icon size={18} />
                </a>
              </li>
            ))}
          </ul>
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
        <div>
          <h2 className="font-semibold text-white">{t('footer.contact')}</h2>
          <ul className="mt-3 flex flex-col gap-2 text-sm">
            <li>{t('footer.address')}</li>
            <li>
              <a href="tel:+998712000000" className="hover:text-white hover:underline">
                +998 71 200 00 00
              </a>
            </li>
            <li>
              <a href="mailto:info@mebel.uz" className="hover:text-white hover:underline">
                info@mebel.uz
              </a>
            </li>
            <li>{t('footer.hours')}</li>
          </ul>
        </div>
      </div>
      <p className="border-t border-stone-800 py-5 text-center text-sm text-stone-400">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
