import i18n from '../../lib/i18n';
import en from '../../locales/en/admin.json';
import ru from '../../locales/ru/admin.json';
import uz from '../../locales/uz/admin.json';

/** The `admin` namespace ships only in the back-office chunk; registered when this module loads. */
i18n.addResourceBundle('uz', 'admin', uz);
i18n.addResourceBundle('en', 'admin', en);
i18n.addResourceBundle('ru', 'admin', ru);
