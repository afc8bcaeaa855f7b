import i18n from '../../lib/i18n';
import '../lib/locales';

/** Component tests read the English strings of the `admin` namespace. */
export async function switchToEnglish(): Promise<void> {
  await i18n.changeLanguage('en');
}
