/*
 * CommerceML 2 files shaped as 1C:Enterprise 8 (Управление торговлей 11) writes them for a site:
 * import.xml with Классификатор and Каталог, offers.xml with ПакетПредложений, ids as 1C's GUIDs.
 */

export interface FixtureProduct {
  id: string;
  name: string;
  description?: string;
  groupId: string;
  pictures?: string[];
  removed?: boolean;
}

export interface FixtureOffer {
  /** The product's Ид, with `#` and the characteristic's Ид for one of its characteristics. */
  id: string;
  price: number;
  quantity: number;
  traits?: Record<string, string>;
  currency?: string;
}

export const GROUPS = {
  furniture: '3c0a9b1e-7f21-11ee-8d5e-00155d01c801',
  school: '3c0a9b1f-7f21-11ee-8d5e-00155d01c801',
  kinder: '3c0a9b20-7f21-11ee-8d5e-00155d01c801',
  chiefs: '3c0a9b21-7f21-11ee-8d5e-00155d01c801',
} as const;

const HEAD = (date: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ` +
  `xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
  `ВерсияСхемы="2.05" ДатаФормирования="${date}">\n`;
const CLASSIFIER_ID = 'b21db898-7f82-46d8-a5ca-7c4f1d200a13';
const OWNER = `\t\t<Владелец>\n\t\t\t<Ид>e23f663b-18fc-11e7-80c2-0cc47ab29cd1</Ид>\n\t\t\t<Наименование>ООО «Мебель Сервис»</Наименование>\n\t\t\t<ОфициальноеНаименование>ООО «Мебель Сервис»</ОфициальноеНаименование>\n\t\t\t<ИНН>301234567</ИНН>\n\t\t</Владелец>\n`;
export const PRICE_TYPE = '279b6812-740b-11e8-80c8-0cc47ab29cd1';
const WHOLESALE = '279b6813-740b-11e8-80c8-0cc47ab29cd1';

function productXml(product: FixtureProduct): string {
  return (
    `\t\t\t<Товар${product.removed ? ' Статус="Удален"' : ''}>\n` +
    `\t\t\t\t<Ид>${product.id}</Ид>\n\t\t\t\t<Штрихкод>4607001234567</Штрихкод>\n\t\t\t\t<Артикул>SK-${product.id.slice(0, 4)}</Артикул>\n` +
    `\t\t\t\t<Наименование>${product.name}</Наименование>\n` +
    `\t\t\t\t<БазоваяЕдиница Код="796 " НаименованиеПолное="Штука" МеждународноеСокращение="PCE">\n\t\t\t\t\t<Пересчет>\n\t\t\t\t\t\t<Единица>796</Единица>\n\t\t\t\t\t\t<Коэффициент>1</Коэффициент>\n\t\t\t\t\t</Пересчет>\n\t\t\t\t</БазоваяЕдиница>\n` +
    `\t\t\t\t<Группы>\n\t\t\t\t\t<Ид>${product.groupId}</Ид>\n\t\t\t\t</Группы>\n` +
    (product.description
      ? `\t\t\t\t<Описание>${product.description}</Описание>\n`
      : '\t\t\t\t<Описание/>\n') +
    (product.pictures ?? []).map((picture) => `\t\t\t\t<Картинка>${picture}</Картинка>\n`).join('') +
    `\t\t\t\t<СтавкиНалогов>\n\t\t\t\t\t<СтавкаНалога>\n\t\t\t\t\t\t<Наименование>НДС</Наименование>\n\t\t\t\t\t\t<Ставка>12</Ставка>\n\t\t\t\t\t</СтавкаНалога>\n\t\t\t\t</СтавкиНалогов>\n` +
    `\t\t\t\t<ЗначенияРеквизитов>\n\t\t\t\t\t<ЗначениеРеквизита>\n\t\t\t\t\t\t<Наименование>ВидНоменклатуры</Наименование>\n\t\t\t\t\t\t<Значение>Мебель</Значение>\n\t\t\t\t\t</ЗначениеРеквизита>\n` +
    `\t\t\t\t\t<ЗначениеРеквизита>\n\t\t\t\t\t\t<Наименование>Полное наименование</Наименование>\n\t\t\t\t\t\t<Значение>${product.name}</Значение>\n\t\t\t\t\t</ЗначениеРеквизита>\n\t\t\t\t</ЗначенияРеквизитов>\n` +
    `\t\t\t</Товар>\n`
  );
}

/** import.xml: the groups (school and kinder furniture inside "Мебель", a chief's office group) and the products. */
export function importXml(products: readonly FixtureProduct[], { complete = true } = {}): string {
  return (
    HEAD('2026-11-20T10:15:00') +
    `\t<Классификатор>\n\t\t<Ид>${CLASSIFIER_ID}</Ид>\n\t\t<Наименование>Классификатор (Основной каталог товаров)</Наименование>\n${OWNER}` +
    `\t\t<Группы>\n\t\t\t<Группа>\n\t\t\t\t<Ид>${GROUPS.furniture}</Ид>\n\t\t\t\t<Наименование>Мебель</Наименование>\n\t\t\t\t<Группы>\n` +
    `\t\t\t\t\t<Группа>\n\t\t\t\t\t\t<Ид>${GROUPS.school}</Ид>\n\t\t\t\t\t\t<Наименование>Школьная мебель</Наименование>\n\t\t\t\t\t</Группа>\n` +
    `\t\t\t\t\t<Группа>\n\t\t\t\t\t\t<Ид>${GROUPS.kinder}</Ид>\n\t\t\t\t\t\t<Наименование>Мебель для детского сада</Наименование>\n\t\t\t\t\t</Группа>\n` +
    `\t\t\t\t</Группы>\n\t\t\t</Группа>\n` +
    `\t\t\t<Группа>\n\t\t\t\t<Ид>${GROUPS.chiefs}</Ид>\n\t\t\t\t<Наименование>Мебель для руководителя</Наименование>\n\t\t\t</Группа>\n\t\t</Группы>\n` +
    `\t</Классификатор>\n` +
    `\t<Каталог СодержитТолькоИзменения="${complete ? 'false' : 'true'}">\n\t\t<Ид>${CLASSIFIER_ID}</Ид>\n\t\t<ИдКлассификатора>${CLASSIFIER_ID}</ИдКлассификатора>\n\t\t<Наименование>Основной каталог товаров</Наименование>\n${OWNER}` +
    `\t\t<Товары>\n${products.map(productXml).join('')}\t\t</Товары>\n\t</Каталог>\n</КоммерческаяИнформация>\n`
  );
}

function offerXml(offer: FixtureOffer): string {
  const currency = offer.currency ?? 'UZS';
  const traits = Object.entries(offer.traits ?? {});
  return (
    `\t\t\t<Предложение>\n\t\t\t\t<Ид>${offer.id}</Ид>\n\t\t\t\t<Наименование>Предложение ${offer.id.slice(0, 8)}</Наименование>\n` +
    `\t\t\t\t<БазоваяЕдиница Код="796 " НаименованиеПолное="Штука" МеждународноеСокращение="PCE"/>\n` +
    (traits.length
      ? `\t\t\t\t<ХарактеристикиТовара>\n${traits
          .map(
            ([name, value]) =>
              `\t\t\t\t\t<ХарактеристикаТовара>\n\t\t\t\t\t\t<Наименование>${name}</Наименование>\n\t\t\t\t\t\t<Значение>${value}</Значение>\n\t\t\t\t\t</ХарактеристикаТовара>\n`,
          )
          .join('')}\t\t\t\t</ХарактеристикиТовара>\n`
      : '') +
    `\t\t\t\t<Цены>\n` +
    `\t\t\t\t\t<Цена>\n\t\t\t\t\t\t<Представление>${offer.price * 0.9} ${currency} за PCE</Представление>\n\t\t\t\t\t\t<ИдТипаЦены>${WHOLESALE}</ИдТипаЦены>\n\t\t\t\t\t\t<ЦенаЗаЕдиницу>${offer.price * 0.9}</ЦенаЗаЕдиницу>\n\t\t\t\t\t\t<Валюта>${currency}</Валюта>\n\t\t\t\t\t\t<Единица>PCE</Единица>\n\t\t\t\t\t\t<Коэффициент>1</Коэффициент>\n\t\t\t\t\t</Цена>\n` +
    `\t\t\t\t\t<Цена>\n\t\t\t\t\t\t<Представление>${offer.price} ${currency} за PCE</Представление>\n\t\t\t\t\t\t<ИдТипаЦены>${PRICE_TYPE}</ИдТипаЦены>\n\t\t\t\t\t\t<ЦенаЗаЕдиницу>${offer.price}.00</ЦенаЗаЕдиницу>\n\t\t\t\t\t\t<Валюта>${currency}</Валюта>\n\t\t\t\t\t\t<Единица>PCE</Единица>\n\t\t\t\t\t\t<Коэффициент>1</Коэффициент>\n\t\t\t\t\t</Цена>\n` +
    `\t\t\t\t</Цены>\n\t\t\t\t<Количество>${offer.quantity}</Количество>\n` +
    `\t\t\t\t<Склад ИдСклада="6abdb0b5-18fd-11e7-80c2-0cc47ab29cd1" КоличествоНаСкладе="${offer.quantity}"/>\n\t\t\t</Предложение>\n`
  );
}

/** offers.xml: a wholesale and a retail ("Розничная") price type, and the offers. */
export function offersXml(offers: readonly FixtureOffer[]): string {
  return (
    HEAD('2026-11-20T10:15:05') +
    `\t<ПакетПредложений СодержитТолькоИзменения="false">\n\t\t<Ид>${CLASSIFIER_ID}#</Ид>\n\t\t<Наименование>Пакет предложений (Основной каталог товаров)</Наименование>\n` +
    `\t\t<ИдКаталога>${CLASSIFIER_ID}</ИдКаталога>\n\t\t<ИдКлассификатора>${CLASSIFIER_ID}</ИдКлассификатора>\n${OWNER}` +
    `\t\t<ТипыЦен>\n\t\t\t<ТипЦены>\n\t\t\t\t<Ид>${WHOLESALE}</Ид>\n\t\t\t\t<Наименование>Оптовая</Наименование>\n\t\t\t\t<Валюта>UZS</Валюта>\n\t\t\t</ТипЦены>\n` +
    `\t\t\t<ТипЦены>\n\t\t\t\t<Ид>${PRICE_TYPE}</Ид>\n\t\t\t\t<Наименование>Розничная</Наименование>\n\t\t\t\t<Валюта>UZS</Валюта>\n\t\t\t\t<Налог>\n\t\t\t\t\t<Наименование>НДС</Наименование>\n\t\t\t\t\t<УчтеноВСумме>true</УчтеноВСумме>\n\t\t\t\t</Налог>\n\t\t\t</ТипЦены>\n\t\t</ТипыЦен>\n` +
    `\t\t<Склады>\n\t\t\t<Склад>\n\t\t\t\t<Ид>6abdb0b5-18fd-11e7-80c2-0cc47ab29cd1</Ид>\n\t\t\t\t<Наименование>Основной склад</Наименование>\n\t\t\t</Склад>\n\t\t</Склады>\n` +
    `\t\t<Предложения>\n${offers.map(offerXml).join('')}\t\t</Предложения>\n\t</ПакетПредложений>\n</КоммерческаяИнформация>\n`
  );
}

/** What 1C sends back for orders (`type=sale&mode=file`): each with its Ид and the details of its state. */
export function ordersBackXml(orders: readonly { id: string; details: Record<string, string> }[]): string {
  return (
    HEAD('2026-11-21T09:00:00') +
    orders
      .map(
        ({ id, details }) =>
          `\t<Документ>\n\t\t<Ид>${id}</Ид>\n\t\t<Номер>${id.slice(-6).toUpperCase()}</Номер>\n\t\t<Дата>2026-11-21</Дата>\n\t\t<ХозОперация>Заказ товара</ХозОперация>\n\t\t<Роль>Продавец</Роль>\n\t\t<Валюта>UZS</Валюта>\n` +
          `\t\t<ЗначенияРеквизитов>\n${Object.entries(details)
            .map(
              ([name, value]) =>
                `\t\t\t<ЗначениеРеквизита>\n\t\t\t\t<Наименование>${name}</Наименование>\n\t\t\t\t<Значение>${value}</Значение>\n\t\t\t</ЗначениеРеквизита>\n`,
            )
            .join('')}\t\t</ЗначенияРеквизитов>\n\t</Документ>\n`,
      )
      .join('') +
    `</КоммерческаяИнформация>\n`
  );
}
