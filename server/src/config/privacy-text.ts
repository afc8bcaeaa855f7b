import { createHash } from 'node:crypto';
import type { Language, PrivacyDocument } from '@shop/common';
import type { Config } from './config.js';

/** The facts the privacy text states, all from the shop's settings: nothing in it is invented. */
export interface PrivacyFacts {
  shopName: string;
  legalName: string | undefined;
  tin: string | undefined;
  address: string | undefined;
  phone: string | undefined;
  email: string | undefined;
  /** Months after delivery or cancellation that an order keeps the buyer's personal data. */
  personalDataMonths: number;
  /** Who else receives data, by what the shop has switched on. */
  receivers: { payme: boolean; click: boolean; uzum: boolean; eskiz: boolean; telegram: boolean };
}

interface Wording {
  title: string;
  operator: (who: string) => string;
  tin: string;
  contacts: string;
  dataHeading: string;
  data: string[];
  purposesHeading: string;
  purposes: string[];
  termHeading: string;
  term: (months: string) => string[];
  receiversHeading: string;
  couriers: string;
  payme: string;
  click: string;
  uzum: string;
  eskiz: string;
  telegram: string;
  rightsHeading: string;
  rights: string[];
}

const WORDING: Record<Language, Wording> = {
  uz: {
    title: "Shaxsiy ma'lumotlar bilan ishlash",
    operator: (who) => `Ma'lumotlaringizni ${who} qayta ishlaydi.`,
    tin: 'STIR',
    contacts: 'Aloqa',
    dataHeading: "Qanday ma'lumotlar",
    data: [
      'ismingiz va telefon raqamingiz',
      'yetkazib berish manzili',
      'kompaniya nomidan buyurtmada: kompaniya rekvizitlari',
      "Telegram orqali kirsangiz: Telegram hisobingiz bilan bog'lanish",
      'buyurtmalaringiz, sevimli mahsulotlar va sharhlaringiz',
    ],
    purposesHeading: 'Nima uchun',
    purposes: [
      'buyurtmani qabul qilish, yetkazib berish va u haqida xabar berish',
      'SMS kod bilan telefon raqamingizni tasdiqlash',
      "to'lov, hisob-faktura va fiskal chek: soliq qonunchiligi talab qilganidek",
    ],
    termHeading: 'Qancha vaqt',
    term: (months) => [
      `buyurtma yetkazilgan yoki bekor qilinganidan ${months} oy o'tgach undagi ismingiz, telefoningiz va manzilingiz o'chiriladi; summa va fiskal ma'lumotlar hisob uchun qoladi`,
      "hisobingiz uni o'zingiz o'chirguningizcha saqlanadi",
    ],
    receiversHeading: "Ma'lumotlarni kim oladi",
    couriers: 'kuryerlar: yetkazib berish uchun ism, telefon va manzil',
    payme: "Payme: to'lov uchun buyurtma raqami va summa",
    click: "Click: to'lov uchun buyurtma raqami va summa",
    uzum: "Uzum Nasiya: muddatli to'lov uchun telefon raqami",
    eskiz: 'Eskiz: SMS kod yuborish uchun telefon raqami',
    telegram: "Telegram: buyurtma xabarlari uchun, agar bot bilan bog'lansangiz",
    rightsHeading: 'Sizning huquqlaringiz',
    rights: [
      "«Mening hisobim» sahifasida do'kon siz haqingizda saqlagan barcha ma'lumotni yuklab olishingiz mumkin",
      "u yerda hisobingizni o'chirib, roziligingizni qaytarib olishingiz mumkin",
    ],
  },
  ru: {
    title: 'Обработка персональных данных',
    operator: (who) => `Ваши данные обрабатывает ${who}.`,
    tin: 'ИНН',
    contacts: 'Контакты',
    dataHeading: 'Какие данные',
    data: [
      'имя и номер телефона',
      'адрес доставки',
      'для заказа от организации: её реквизиты',
      'если вы входите через Telegram: связь с вашим аккаунтом Telegram',
      'ваши заказы, избранное и отзывы',
    ],
    purposesHeading: 'Зачем',
    purposes: [
      'принять заказ, доставить его и сообщать о нём',
      'подтвердить номер телефона кодом из SMS',
      'оплата, счёт и фискальный чек, как требует налоговое законодательство',
    ],
    termHeading: 'Как долго',
    term: (months) => [
      `через ${months} мес. после доставки или отмены заказа имя, телефон и адрес в нём удаляются; суммы и фискальные данные остаются для учёта`,
      'аккаунт хранится, пока вы его не удалите',
    ],
    receiversHeading: 'Кто ещё получает данные',
    couriers: 'курьеры: имя, телефон и адрес для доставки',
    payme: 'Payme: номер заказа и сумма для оплаты',
    click: 'Click: номер заказа и сумма для оплаты',
    uzum: 'Uzum Nasiya: номер телефона для рассрочки',
    eskiz: 'Eskiz: номер телефона для отправки SMS с кодом',
    telegram: 'Telegram: новости о заказе, если вы связали аккаунт с ботом',
    rightsHeading: 'Ваши права',
    rights: [
      'на странице «Мой аккаунт» можно скачать всё, что магазин хранит о вас',
      'там же можно удалить аккаунт и отозвать согласие',
    ],
  },
  en: {
    title: 'How we handle your personal data',
    operator: (who) => `Your data are processed by ${who}.`,
    tin: 'TIN',
    contacts: 'Contact',
    dataHeading: 'What data',
    data: [
      'your name and phone number',
      'the delivery address',
      "for an order by a company: the company's requisites",
      'if you sign in with Telegram: the link to your Telegram account',
      'your orders, saved items and reviews',
    ],
    purposesHeading: 'Why',
    purposes: [
      'to take your order, deliver it and tell you about it',
      'to confirm your phone number with an SMS code',
      'payment, invoices and fiscal receipts, as the tax law requires',
    ],
    termHeading: 'For how long',
    term: (months) => [
      `${months} months after an order is delivered or cancelled, your name, phone and address are removed from it; the amounts and fiscal data stay for accounting`,
      'your account is kept until you delete it',
    ],
    receiversHeading: 'Who else receives data',
    couriers: 'couriers: name, phone and address, to deliver',
    payme: 'Payme: the order number and amount, to take the payment',
    click: 'Click: the order number and amount, to take the payment',
    uzum: 'Uzum Nasiya: your phone number, for an instalment plan',
    eskiz: 'Eskiz: your phone number, to send SMS codes',
    telegram: 'Telegram: order news, if you linked your account to the bot',
    rightsHeading: 'Your rights',
    rights: [
      'on the "My account" page you can download everything the shop keeps about you',
      'there you can also delete your account and withdraw your consent',
    ],
  },
};

const list = (items: string[]) => items.map((item) => `- ${item}`).join('\n');

function textIn(language: Language, facts: PrivacyFacts): string {
  const w = WORDING[language];
  const who = [facts.legalName ?? facts.shopName, facts.tin && `${w.tin} ${facts.tin}`]
    .filter(Boolean)
    .join(', ');
  const contacts = [facts.address, facts.phone, facts.email].filter(Boolean).join(', ');
  const { receivers } = facts;
  const receiverLines = [
    w.couriers,
    receivers.payme && w.payme,
    receivers.click && w.click,
    receivers.uzum && w.uzum,
    receivers.eskiz && w.eskiz,
    receivers.telegram && w.telegram,
  ].filter((line): line is string => Boolean(line));
  return [
    w.title,
    w.operator(who) + (contacts ? ` ${w.contacts}: ${contacts}.` : ''),
    `${w.dataHeading}:\n${list(w.data)}`,
    `${w.purposesHeading}:\n${list(w.purposes)}`,
    `${w.termHeading}:\n${list(w.term(String(facts.personalDataMonths)))}`,
    `${w.receiversHeading}:\n${list(receiverLines)}`,
    `${w.rightsHeading}:\n${list(w.rights)}`,
  ].join('\n\n');
}

/** The privacy text in every language, versioned by its content: a changed setting is a new version. */
export function privacyDocument(facts: PrivacyFacts): PrivacyDocument {
  const text = { uz: textIn('uz', facts), ru: textIn('ru', facts), en: textIn('en', facts) };
  const version = createHash('sha256').update(JSON.stringify(text)).digest('hex').slice(0, 12);
  return { version, text };
}

/** The facts as the shop's settings give them. */
export function privacyFactsFrom(config: Config): PrivacyFacts {
  return {
    shopName: config.shopName,
    legalName: config.invoice.legalName,
    tin: config.invoice.tin,
    address: config.shopContacts.address,
    phone: config.shopPhone,
    email: config.shopContacts.email,
    personalDataMonths: config.personalDataMonths,
    receivers: {
      payme: Boolean(config.payments.payme),
      click: Boolean(config.payments.click),
      uzum: Boolean(config.payments.uzum_nasiya),
      eskiz: config.phoneCodes.sms.provider === 'eskiz',
      telegram: Boolean(config.telegramShop.token || config.telegram),
    },
  };
}

const documents = new WeakMap<Config, PrivacyDocument>();

/** The privacy text of a configuration, made once: settings do not change while the shop runs. */
export function privacyOf(config: Config): PrivacyDocument {
  let document = documents.get(config);
  if (!document) {
    document = privacyDocument(privacyFactsFrom(config));
    documents.set(config, document);
  }
  return document;
}

export const privacyVersion = (config: Config) => privacyOf(config).version;
