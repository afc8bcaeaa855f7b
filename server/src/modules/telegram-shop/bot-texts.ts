import { formatSom, type Language, type OrderNewsEvent } from '@shop/common';
import type { OrderRow } from '../../db/schema.js';

/** Telegram's `language_code` (an IETF tag such as `ru` or `en-US`) as one of the shop's languages. */
export function languageOf(code: string | undefined): Language {
  const base = code?.toLowerCase().split('-')[0];
  return base === 'ru' || base === 'en' ? base : 'uz';
}

interface BotTexts {
  greeting: (shop: string) => string;
  openShop: string;
  askPhone: string;
  sharePhone: string;
  linked: (phone: string) => string;
  notOwnContact: string;
  notUzbekPhone: string;
  staffPhone: string;
  newsOff: string;
  newsOn: string;
  noOrders: string;
  ordersTitle: string;
  openOrder: string;
  news: Record<OrderNewsEvent, string>;
  status: Record<'new' | 'confirmed' | 'outForDelivery' | 'delivered' | 'cancelled', string>;
  paid: string;
}

export const BOT_TEXTS: Record<Language, BotTexts> = {
  uz: {
    greeting: (shop) => `Assalomu alaykum! ${shop} doʻkoniga xush kelibsiz. Doʻkonni shu yerda oching:`,
    openShop: '🛋 Doʻkonni ochish',
    askPhone:
      'Buyurtmalaringiz haqida xabar olish va doʻkonga oʻzi kirish uchun telefon raqamingizni yuboring:',
    sharePhone: '📱 Telefon raqamni yuborish',
    linked: (phone) =>
      `Rahmat! ${phone} raqami bogʻlandi. Buyurtmalaringiz haqidagi xabarlar shu yerga keladi (/stop — toʻxtatish).`,
    notOwnContact: 'Iltimos, tugma orqali oʻz raqamingizni yuboring.',
    notUzbekPhone: 'Doʻkon faqat Oʻzbekiston raqamlari (+998) bilan ishlaydi.',
    staffPhone: 'Bu raqam xodim hisobiga tegishli: saytga parol bilan kiring.',
    newsOff: 'Buyurtma xabarlari toʻxtatildi. Qaytadan yoqish uchun /start yuboring.',
    newsOn: 'Buyurtmalaringiz haqidagi xabarlar shu yerga keladi (/stop — toʻxtatish).',
    noOrders: 'Hozircha buyurtmalaringiz yoʻq.',
    ordersTitle: 'Soʻnggi buyurtmalaringiz:',
    openOrder: 'Buyurtmani ochish',
    news: {
      placed: 'Buyurtmangiz {order} qabul qilindi. Jami: {total}.',
      confirmed: 'Buyurtmangiz {order} tasdiqlandi.',
      paid: 'Buyurtmangiz {order} uchun toʻlov qabul qilindi.',
      outForDelivery: 'Buyurtmangiz {order} yoʻlda: kuryer sizga qarab kelmoqda.',
      delivered: 'Buyurtmangiz {order} yetkazildi. Xaridingiz uchun rahmat!',
      cancelled: 'Buyurtmangiz {order} bekor qilindi.',
    },
    status: {
      new: 'qabul qilindi',
      confirmed: 'tasdiqlandi',
      outForDelivery: 'yoʻlda',
      delivered: 'yetkazildi',
      cancelled: 'bekor qilindi',
    },
    paid: 'toʻlangan',
  },
  ru: {
    greeting: (shop) => `Здравствуйте! Добро пожаловать в ${shop}. Откройте магазин прямо здесь:`,
    openShop: '🛋 Открыть магазин',
    askPhone: 'Чтобы получать новости о заказах и входить в магазин без пароля, отправьте свой номер:',
    sharePhone: '📱 Отправить номер',
    linked: (phone) =>
      `Спасибо! Номер ${phone} привязан. Новости о ваших заказах будут приходить сюда (/stop — отключить).`,
    notOwnContact: 'Пожалуйста, отправьте свой номер кнопкой.',
    notUzbekPhone: 'Магазин работает только с номерами Узбекистана (+998).',
    staffPhone: 'Этот номер принадлежит сотруднику: войдите на сайт с паролем.',
    newsOff: 'Новости о заказах отключены. Чтобы включить снова, отправьте /start.',
    newsOn: 'Новости о ваших заказах будут приходить сюда (/stop — отключить).',
    noOrders: 'У вас пока нет заказов.',
    ordersTitle: 'Ваши последние заказы:',
    openOrder: 'Открыть заказ',
    news: {
      placed: 'Ваш заказ {order} принят. Итого: {total}.',
      confirmed: 'Ваш заказ {order} подтверждён.',
      paid: 'Оплата заказа {order} получена.',
      outForDelivery: 'Ваш заказ {order} в пути: курьер едет к вам.',
      delivered: 'Ваш заказ {order} доставлен. Спасибо за покупку!',
      cancelled: 'Ваш заказ {order} отменён.',
    },
    status: {
      new: 'принят',
      confirmed: 'подтверждён',
      outForDelivery: 'в пути',
      delivered: 'доставлен',
      cancelled: 'отменён',
    },
    paid: 'оплачен',
  },
  en: {
    greeting: (shop) => `Hello! Welcome to ${shop}. Open the shop right here:`,
    openShop: '🛋 Open the shop',
    askPhone:
      'To get news of your orders and sign in to the shop without a password, share your phone number:',
    sharePhone: '📱 Share my phone number',
    linked: (phone) =>
      `Thank you! ${phone} is linked. News of your orders will come here (/stop to turn them off).`,
    notOwnContact: 'Please share your own number with the button.',
    notUzbekPhone: 'The shop works with Uzbek numbers (+998) only.',
    staffPhone: 'This number belongs to a staff account: sign in on the website with your password.',
    newsOff: 'Order news are off. Send /start to turn them on again.',
    newsOn: 'News of your orders will come here (/stop to turn them off).',
    noOrders: 'You have no orders yet.',
    ordersTitle: 'Your recent orders:',
    openOrder: 'Open the order',
    news: {
      placed: 'Your order {order} is received. Total: {total}.',
      confirmed: 'Your order {order} is confirmed.',
      paid: 'The payment for your order {order} is received.',
      outForDelivery: 'Your order {order} is on its way: the courier is coming to you.',
      delivered: 'Your order {order} is delivered. Thank you for shopping with us!',
      cancelled: 'Your order {order} is cancelled.',
    },
    status: {
      new: 'received',
      confirmed: 'confirmed',
      outForDelivery: 'on its way',
      delivered: 'delivered',
      cancelled: 'cancelled',
    },
    paid: 'paid',
  },
};

/** A news message's text: the event, the order's number and (when placed) its total. */
export function newsText(
  event: OrderNewsEvent,
  language: Language,
  payload: { orderNumber: string; total: number },
): string {
  return BOT_TEXTS[language].news[event]
    .replace('{order}', payload.orderNumber)
    .replace('{total}', formatSom(payload.total, language));
}

type ListedOrder = Pick<OrderRow, 'status' | 'deliveryStatus' | 'paymentStatus'>;

/** An order's state in one word or two, as the customer reads it in `/orders`. */
export function orderStateText(order: ListedOrder, language: Language): string {
  const words = BOT_TEXTS[language].status;
  const state =
    order.status === 'cancelled'
      ? words.cancelled
      : order.deliveryStatus === 'delivered'
        ? words.delivered
        : order.deliveryStatus === 'out_for_delivery'
          ? words.outForDelivery
          : order.status === 'ordered'
            ? words.confirmed
            : words.new;
  return order.paymentStatus === 'paid' && order.status !== 'cancelled'
    ? `${state}, ${BOT_TEXTS[language].paid}`
    : state;
}
