import { LANGUAGES, SMS_PURPOSES, type Language, type SmsPurpose } from '@shop/common';

/**
 * Eskiz sends only texts moderated in its cabinet ("My texts"): every SMS the shop sends is one of
 * these, with the shop's name and one variable part (the code, or the quote's link). Uzbek and
 * English texts keep to the GSM alphabet (the ASCII apostrophe, not `ʻ`), so they fit one
 * 160-character part; Russian ones fit the 70 characters of one UCS-2 part.
 */
export { SMS_PURPOSES, type SmsPurpose };

/** Where the variable part goes, as printed for moderation. */
export const SMS_VARIABLE = { code: '{code}', link: '{link}' } as const;

const CODE_TEXTS: Record<Language, Record<Exclude<SmsPurpose, 'quote'>, string>> = {
  uz: {
    signup: "{shop}: ro'yxatdan o'tish kodi {code}. 5 daqiqa amal qiladi. Uni hech kimga aytmang.",
    reset: '{shop}: parolni tiklash kodi {code}. 5 daqiqa amal qiladi. Uni hech kimga aytmang.',
    orders: "{shop}: buyurtmalaringizni ko'rish kodi {code}. 5 daqiqa amal qiladi. Uni hech kimga aytmang.",
    instalment:
      "{shop}: muddatli to'lovni rasmiylashtirish kodi {code}. 5 daqiqa amal qiladi. Uni hech kimga aytmang.",
    account: "{shop}: hisobni o'chirish kodi {code}. 5 daqiqa amal qiladi. Uni hech kimga aytmang.",
  },
  ru: {
    signup: '{shop}: код регистрации {code}. Никому его не сообщайте.',
    reset: '{shop}: код для смены пароля {code}. Никому не сообщайте.',
    orders: '{shop}: код для просмотра заказов {code}. Никому не сообщайте.',
    instalment: '{shop}: код для оформления рассрочки {code}. Никому не сообщайте.',
    account: '{shop}: код для удаления аккаунта {code}. Никому не сообщайте.',
  },
  en: {
    signup: '{shop}: your sign-up code is {code}. Valid for 5 minutes. Do not share it.',
    reset: '{shop}: your password reset code is {code}. Valid for 5 minutes. Do not share it.',
    orders: '{shop}: your code to see your orders is {code}. Valid for 5 minutes. Do not share it.',
    instalment: '{shop}: your code to pay in instalments is {code}. Valid for 5 minutes. Do not share it.',
    account: '{shop}: your code to delete your account is {code}. Valid for 5 minutes. Do not share it.',
  },
};

const QUOTE_TEXTS: Record<Language, string> = {
  uz: "{shop}: so'ragan narxingiz tayyor: {link}",
  ru: '{shop}: ответ на запрос цены: {link}',
  en: '{shop}: the price you asked for is ready: {link}',
};

function template(purpose: SmsPurpose, language: Language): string {
  return purpose === 'quote' ? QUOTE_TEXTS[language] : CODE_TEXTS[language][purpose];
}

/** The variable part's placeholder in a purpose's template. */
export function variableOf(purpose: SmsPurpose): string {
  return purpose === 'quote' ? SMS_VARIABLE.link : SMS_VARIABLE.code;
}

/** The text as submitted for moderation: the shop's name in, the variable part as a placeholder. */
export function moderatedText(purpose: SmsPurpose, language: Language, shopName: string): string {
  return template(purpose, language).replace('{shop}', shopName);
}

/** The SMS to send: the moderated text with its variable part filled in. */
export function smsText(purpose: SmsPurpose, language: Language, shopName: string, value: string): string {
  return moderatedText(purpose, language, shopName).replace(variableOf(purpose), value);
}

/** Every text the shop may send, as submitted for moderation. */
export function allModeratedTexts(
  shopName: string,
): { purpose: SmsPurpose; language: Language; text: string }[] {
  return SMS_PURPOSES.flatMap((purpose) =>
    LANGUAGES.map((language) => ({ purpose, language, text: moderatedText(purpose, language, shopName) })),
  );
}

// GSM 03.38's basic set: a text only of these is sent 160 characters to a part, else 70 (UCS-2).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** The characters one SMS part holds for this text: 160 in the GSM alphabet, else 70. */
export function smsPartSize(text: string): 160 | 70 {
  return [...text].every((char) => GSM_BASIC.includes(char)) ? 160 : 70;
}

/**
 * What `npm run sms:templates` prints: each text exactly as it is to be submitted in Eskiz's
 * cabinet, under a line naming its purpose, language and length (the code counted as 6 digits; a
 * quote's link is not counted, it adds its own length).
 */
export function templateSheet(shopName: string): string {
  return allModeratedTexts(shopName)
    .map(({ purpose, language, text }) => {
      const counted = text.replace(SMS_VARIABLE.code, '123456').replace(SMS_VARIABLE.link, '');
      const part = smsPartSize(counted);
      const over = counted.length > part ? ` — LONGER THAN ONE PART: shorten SHOP_NAME` : '';
      return `# ${purpose} ${language}: ${counted.length} of ${part} characters${over}\n${text}\n`;
    })
    .join('\n');
}
