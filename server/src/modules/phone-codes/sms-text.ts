import type { Language, PhoneCodePurpose } from '@shop/common';

const WHAT: Record<Language, Record<PhoneCodePurpose, string>> = {
  uz: { signup: 'roʻyxatdan oʻtish', reset: 'parolni tiklash', orders: 'buyurtmalaringizni koʻrish' },
  ru: { signup: 'регистрации', reset: 'восстановления пароля', orders: 'просмотра ваших заказов' },
  en: { signup: 'signing up', reset: 'resetting your password', orders: 'viewing your orders' },
};

/** The SMS a shopper reads: the shop, the purpose, the code, its lifetime, and not to pass it on. */
export function codeMessage(
  language: Language,
  shopName: string,
  purpose: PhoneCodePurpose,
  code: string,
): string {
  const what = WHAT[language][purpose];
  switch (language) {
    case 'ru':
      return `${shopName}: код ${code} для ${what}. Действует 5 минут. Никому его не сообщайте.`;
    case 'en':
      return `${shopName}: code ${code} for ${what}. Valid for 5 minutes. Do not share it with anyone.`;
    default:
      return `${shopName}: ${what} uchun kod ${code}. 5 daqiqa amal qiladi. Uni hech kimga aytmang.`;
  }
}
