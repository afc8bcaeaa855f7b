import { orderNumber } from '@shop/common';
import type { OrderLineRow, OrderRow } from '../../db/schema.js';
import { xmlText } from '../xml/xml-text.js';

const element = (name: string, value: string | number) => `<${name}>${xmlText(String(value))}</${name}>`;
const detail = (name: string, value: string | number | boolean) =>
  `<ЗначениеРеквизита>${element('Наименование', name)}${element('Значение', String(value))}</ЗначениеРеквизита>`;

/** An order line with the 1C Ид of its product, when 1C brought the product. */
export type LineForOnec = OrderLineRow & { productName: string; onecId: string | null };

/** Tashkent's date and time of an instant (UTC+5 all year), as 1C reads them. */
function tashkent(at: Date): { date: string; time: string } {
  const iso = new Date(at.getTime() + 5 * 3_600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/** A service 1C books as a line of the order (delivery, assembly, carrying up). */
function serviceLine(id: string, name: string, amount: number): string {
  if (amount <= 0) return '';
  return (
    `<Товар>${element('Ид', id)}${element('Наименование', name)}` +
    `<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>` +
    `${element('ЦенаЗаЕдиницу', amount)}${element('Количество', 1)}${element('Сумма', amount)}` +
    `<ЗначенияРеквизитов>${detail('ВидНоменклатуры', 'Услуга')}${detail('ТипНоменклатуры', 'Услуга')}</ЗначенияРеквизитов></Товар>`
  );
}

function productLine(line: LineForOnec): string {
  const price = line.discountedPrice ?? line.price;
  return (
    `<Товар>${element('Ид', line.onecId ?? line.productId)}${element('Наименование', line.productName)}` +
    `<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>` +
    `${element('ЦенаЗаЕдиницу', price)}${element('Количество', line.quantity)}${element('Сумма', price * line.quantity)}` +
    `<ЗначенияРеквизитов>${detail('ВидНоменклатуры', 'Товар')}${detail('ТипНоменклатуры', 'Товар')}` +
    `${line.color ? detail('Цвет', line.color) : ''}</ЗначенияРеквизитов></Товар>`
  );
}

/** One order as a CommerceML `Документ` of the kind "Заказ товара", the shop being the seller. */
function orderDocument(order: OrderRow, lines: readonly LineForOnec[]): string {
  const { date, time } = tashkent(order.createdAt);
  const changed = tashkent(order.updatedAt);
  return (
    `<Документ>${element('Ид', order.id)}${element('Номер', orderNumber(order.id).slice(1))}` +
    `${element('Дата', date)}${element('Время', time)}${element('ХозОперация', 'Заказ товара')}` +
    `${element('Роль', 'Продавец')}${element('Валюта', 'UZS')}${element('Курс', 1)}${element('Сумма', order.total)}` +
    `<Контрагенты><Контрагент>${element('Ид', order.phoneNumber)}${element('Наименование', order.customerName)}` +
    `${element('ПолноеНаименование', order.company?.name ?? order.customerName)}${element('Роль', 'Покупатель')}` +
    `<Контакты><Контакт>${element('Тип', 'Телефон рабочий')}${element('Значение', order.phoneNumber)}</Контакт></Контакты>` +
    `</Контрагент></Контрагенты>${element('Комментарий', order.notes)}` +
    `<Товары>${lines.map(productLine).join('')}` +
    `${serviceLine('ORDER_DELIVERY', 'Доставка', order.deliveryFee)}` +
    `${serviceLine('ORDER_ASSEMBLY', 'Сборка', order.assemblyFee)}` +
    `${serviceLine('ORDER_CARRY', 'Подъём на этаж', order.carryFee)}</Товары>` +
    `<ЗначенияРеквизитов>${detail('Метод оплаты', order.paymentMethod)}` +
    `${detail('Заказ оплачен', order.paymentStatus === 'paid')}${detail('Отменен', order.status === 'cancelled')}` +
    `${detail('Статус заказа', order.status)}${detail('Дата изменения статуса', `${changed.date} ${changed.time}`)}` +
    `</ЗначенияРеквизитов></Документ>`
  );
}

/** The orders 1C has not seen in their current version, as one `КоммерческаяИнформация`. */
export function ordersXml(
  orders: readonly { order: OrderRow; lines: readonly LineForOnec[] }[],
  now: Date,
): string {
  const at = tashkent(now);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<КоммерческаяИнформация ВерсияСхемы="2.05" ДатаФормирования="${at.date}T${at.time}">` +
    orders.map(({ order, lines }) => orderDocument(order, lines)).join('') +
    `</КоммерческаяИнформация>\n`
  );
}
