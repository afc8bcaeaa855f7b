import i18n from '../../lib/i18n';
import en from '../../locales/en/admin.json';
import ru from '../../locales/ru/admin.json';
import uz from '../../locales/uz/admin.json';

/** The `admin` namespace ships only in the back-office chunk; registered when this module loads. */
const adminResources = { uz, en, ru } as const;

for (const [language, bundle] of Object.entries(adminResources)) {
  i18n.addResourceBundle(language, 'admin', bundle, true, true);
}
