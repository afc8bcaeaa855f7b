import type { Language } from '@shop/common';

/** The SMS that tells a buyer the shop answered their price request, with the quote's link. */
export function answeredMessage(language: Language | null, shopName: string, link: string): string {
  switch (language) {
    case 'ru':
      return `${shopName}: ответ на ваш запрос цены готов. Посмотреть и принять: ${link}`;
    case 'en':
      return `${shopName}: the price you asked for is ready. See and accept it: ${link}`;
    default:
      return `${shopName}: soʻragan narxingiz tayyor. Koʻring va qabul qiling: ${link}`;
  }
}
