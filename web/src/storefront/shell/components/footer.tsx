import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CATEGORIES } from '@shop/common';

const SOCIALS = [
  {
    key: 'telegram',
    path: 'M21.9 4.3 18.6 20c-.2 1.1-.9 1.4-1.8.9l-5-3.7-2.4 2.3c-.3.3-.5.5-1 .5l.4-5.1 9.2-8.3c.4-.4-.1-.6-.6-.2L6 13.6l-4.9-1.5c-1.1-.3-1.1-1.1.2-1.6L20.5 3c.9-.3 1.7.2 1.4 1.3z',
  },
  {
    key: 'instagram',
    path: 'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4zM17.3 5.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zM7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5z',
  },
  { key: 'facebook', path: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.4V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6 1-.6z' },
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
                  <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" className="fill-current">
                    <path d={social.path} />
                  </svg>
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
