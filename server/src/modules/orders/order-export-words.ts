import type { DeliveryMethod, Language, OrderStatus, PaymentMethod, PaymentStatus } from '@shop/common';

interface ExportWords {
  sheet: string;
  header: string[];
  status: Record<OrderStatus, string>;
  payment: Record<PaymentStatus, string>;
  method: Record<PaymentMethod, string>;
  delivery: Record<DeliveryMethod, string>;
}

/** The export's column titles and words, in each language of the shop (Uzbek by default). */
export const EXPORT_WORDS: Record<Language, ExportWords> = {
  uz: {
    sheet: 'Buyurtmalar',
    header: [
      'Buyurtma raqami',
      'Sana va vaqt (Toshkent)',
      'Holati',
      'Toʻlov',
      'Mijoz',
      'Telefon',
      'Mahsulot',
      'Rang',
      'Soni',
      'Narxi',
      'Qator summasi',
      'Buyurtma summasi',
      'Yetkazish',
      'Yetkazish, koʻtarish va yigʻish',
    ],
    status: { new: 'Yangi', ordered: 'Rasmiylashtirilgan', cancelled: 'Bekor qilingan' },
    payment: {
      unpaid: 'Toʻlanmagan',
      pending: 'Toʻlanmoqda',
      paid: 'Toʻlangan',
      cancelled: 'Bekor qilingan',
      refunded: 'Qaytarilgan',
    },
    method: {
      cash: 'Naqd',
      payme: 'Payme',
      click: 'Click',
      bank_transfer: 'Bank oʻtkazmasi',
      uzum_nasiya: 'Uzum Nasiya (muddatli toʻlov)',
    },
    delivery: { courier: 'Kuryer', pickup: 'Oʻzi olib ketadi', arrange: 'Telefonda kelishiladi' },
  },
  ru: {
    sheet: 'Заказы',
    header: [
      'Номер заказа',
      'Дата и время (Ташкент)',
      'Статус',
      'Оплата',
      'Клиент',
      'Телефон',
      'Товар',
      'Цвет',
      'Количество',
      'Цена',
      'Сумма строки',
      'Сумма заказа',
      'Доставка',
      'Доставка, подъём и сборка',
    ],
    status: { new: 'Новый', ordered: 'Оформлен', cancelled: 'Отменён' },
    payment: {
      unpaid: 'Не оплачен',
      pending: 'Оплачивается',
      paid: 'Оплачен',
      cancelled: 'Отменён',
      refunded: 'Возвращён',
    },
    method: {
      cash: 'Наличные',
      payme: 'Payme',
      click: 'Click',
      bank_transfer: 'Банковский перевод',
      uzum_nasiya: 'Uzum Nasiya (рассрочка)',
    },
    delivery: { courier: 'Курьер', pickup: 'Самовывоз', arrange: 'По телефону' },
  },
  en: {
    sheet: 'Orders',
    header: [
      'Order number',
      'Date and time (Tashkent)',
      'Status',
      'Payment',
      'Customer',
      'Phone',
      'Product',
      'Colour',
      'Quantity',
      'Unit price',
      'Line total',
      'Order total',
      'Delivery',
      'Delivery, carrying and assembly',
    ],
    status: { new: 'New', ordered: 'Ordered', cancelled: 'Cancelled' },
    payment: {
      unpaid: 'Unpaid',
      pending: 'Being paid',
      paid: 'Paid',
      cancelled: 'Cancelled',
      refunded: 'Refunded',
    },
    method: {
      cash: 'Cash',
      payme: 'Payme',
      click: 'Click',
      bank_transfer: 'Bank transfer',
      uzum_nasiya: 'Uzum Nasiya (instalments)',
    },
    delivery: { courier: 'Courier', pickup: 'Pickup', arrange: 'By phone' },
  },
};
