import { childOf, childrenOf, readXml, textAt, XmlRefused, type XmlNode } from './xml-reader.js';

/** A group of 1C's classifier: its name and the group it sits in. */
export interface OnecGroup {
  name: string;
  parent: string | undefined;
}

/** A `Товар` of the catalogue (import.xml). */
export interface CatalogueItem {
  id: string;
  name: string;
  description: string;
  groupIds: string[];
  /** Paths of its pictures in the exchange (`import_files/…`). */
  pictures: string[];
  /** 1C marked it deleted (`Статус` Удален, or `ПометкаУдаления`). */
  removed: boolean;
}

export interface CatalogueFile {
  /** Not only changes: a product missing from it is no longer sold. */
  complete: boolean;
  groups: Map<string, OnecGroup>;
  items: CatalogueItem[];
}

/** One characteristic of an offer (`ХарактеристикаТовара`): colour, size… */
export interface OfferTrait {
  name: string;
  value: string;
}

/** An `Предложение` of offers.xml: a product (`Ид`) or one of its characteristics (`Ид#Ид`). */
export interface OfferItem {
  id: string;
  productId: string;
  traits: OfferTrait[];
  prices: OfferPrice[];
  /** The whole stock, or undefined when the offer does not tell. */
  quantity: number | undefined;
}

export interface OfferPrice {
  typeId: string;
  value: number;
  currency: string;
}

export interface PriceType {
  id: string;
  name: string;
  currency: string;
}

export interface OffersFile {
  priceTypes: PriceType[];
  offers: OfferItem[];
}

/** An order as 1C sends it back (`Документ`): its Ид and number, and the details that tell its status. */
export interface OrderDocument {
  id: string;
  number: string;
  details: Map<string, string>;
}

const isTrue = (text: string) => /^(true|да|1)$/i.test(text.trim());

/** 1C writes decimals with a comma or a dot, and sometimes spaces between thousands. */
export function numberOf(text: string, what: string): number {
  const value = Number(text.replace(/[\s\u00a0]/g, '').replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(value))
    throw new XmlRefused(`${what}: "${text}" is not a number`);
  return value;
}

/** `ЗначенияРеквизитов` as name → value. */
function detailsOf(node: XmlNode | undefined): Map<string, string> {
  const details = new Map<string, string>();
  for (const detail of childrenOf(childOf(node, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита'))
    details.set(textAt(detail, 'Наименование'), textAt(detail, 'Значение'));
  return details;
}

function requireId(node: XmlNode, what: string): string {
  const id = textAt(node, 'Ид');
  if (!id || id.length > 200) throw new XmlRefused(`a ${what} without a valid Ид`);
  return id;
}

function addGroups(node: XmlNode, parent: string | undefined, groups: Map<string, OnecGroup>): void {
  for (const group of childrenOf(node, 'Группа')) {
    const id = requireId(group, 'group');
    groups.set(id, { name: textAt(group, 'Наименование'), parent });
    const inner = childOf(group, 'Группы');
    if (inner) addGroups(inner, id, groups);
  }
}

function catalogueItem(node: XmlNode): CatalogueItem {
  const id = requireId(node, 'product');
  const details = detailsOf(node);
  return {
    id,
    name: textAt(node, 'Наименование') || details.get('Полное наименование') || '',
    description: textAt(node, 'Описание'),
    groupIds: childrenOf(childOf(node, 'Группы'), 'Ид').map((group) => group.text.trim()),
    pictures: childrenOf(node, 'Картинка')
      .map((picture) => picture.text.trim())
      .filter(Boolean),
    removed:
      node.attributes['Статус'] === 'Удален' ||
      textAt(node, 'Статус') === 'Удален' ||
      isTrue(textAt(node, 'ПометкаУдаления')),
  };
}

const ROOT = 'КоммерческаяИнформация';
const pathIs = (path: readonly string[], ...names: string[]) =>
  path.length === names.length + 1 && path[0] === ROOT && names.every((name, i) => path[i + 1] === name);

/** import.xml: the classifier's groups and the catalogue's products. */
export async function readCatalogue(file: string): Promise<CatalogueFile> {
  const result: CatalogueFile = { complete: true, groups: new Map(), items: [] };
  let sawCatalogue = false;
  let sawClassifier = false;
  await readXml(file, {
    wanted: (path) =>
      pathIs(path, 'Классификатор', 'Группы') ||
      pathIs(path, 'Каталог', 'Товары', 'Товар') ||
      pathIs(path, 'Каталог', 'СодержитТолькоИзменения'),
    opened: (path, attributes) => {
      if (path.length === 1 && path[0] !== ROOT) throw new XmlRefused(`the root element must be ${ROOT}`);
      if (pathIs(path, 'Классификатор')) sawClassifier = true;
      if (pathIs(path, 'Каталог')) {
        sawCatalogue = true;
        if (attributes['СодержитТолькоИзменения'] !== undefined)
          result.complete = !isTrue(attributes['СодержитТолькоИзменения']);
      }
    },
    record: (path, node) => {
      if (node.name === 'Группы') addGroups(node, undefined, result.groups);
      else if (node.name === 'СодержитТолькоИзменения') result.complete = !isTrue(node.text);
      else result.items.push(catalogueItem(node));
    },
  });
  if (!sawCatalogue && !sawClassifier) throw new XmlRefused('no Каталог or Классификатор in the file');
  if (!sawCatalogue) result.complete = false;
  return result;
}

function offerItem(node: XmlNode): OfferItem {
  const id = requireId(node, 'offer');
  const prices = childrenOf(childOf(node, 'Цены'), 'Цена').map((price) => ({
    typeId: textAt(price, 'ИдТипаЦены'),
    value: numberOf(textAt(price, 'ЦенаЗаЕдиницу'), `the price of ${id}`),
    currency: textAt(price, 'Валюта'),
  }));
  const stocks = childrenOf(childOf(node, 'Остатки'), 'Остаток');
  const given = textAt(node, 'Количество');
  const quantity = given
    ? numberOf(given, `the quantity of ${id}`)
    : stocks.length
      ? stocks.reduce(
          (sum, stock) =>
            sum + numberOf(textAt(stock, 'Количество') || textAt(stock, 'Склад', 'Количество') || '0', id),
          0,
        )
      : undefined;
  return {
    id,
    productId: id.split('#')[0]!,
    traits: childrenOf(childOf(node, 'ХарактеристикиТовара'), 'ХарактеристикаТовара').map((trait) => ({
      name: textAt(trait, 'Наименование'),
      value: textAt(trait, 'Значение'),
    })),
    prices,
    quantity,
  };
}

/** offers.xml: the price types and the offers. */
export async function readOffers(file: string): Promise<OffersFile> {
  const result: OffersFile = { priceTypes: [], offers: [] };
  let sawPackage = false;
  await readXml(file, {
    wanted: (path) =>
      pathIs(path, 'ПакетПредложений', 'ТипыЦен', 'ТипЦены') ||
      pathIs(path, 'ПакетПредложений', 'Предложения', 'Предложение'),
    opened: (path) => {
      if (path.length === 1 && path[0] !== ROOT) throw new XmlRefused(`the root element must be ${ROOT}`);
      if (pathIs(path, 'ПакетПредложений')) sawPackage = true;
    },
    record: (_path, node) => {
      if (node.name === 'ТипЦены') {
        result.priceTypes.push({
          id: requireId(node, 'price type'),
          name: textAt(node, 'Наименование'),
          currency: textAt(node, 'Валюта'),
        });
      } else result.offers.push(offerItem(node));
    },
  });
  if (!sawPackage) throw new XmlRefused('no ПакетПредложений in the file');
  return result;
}

/** Orders 1C sends back (`mode=file` of `type=sale`). */
export async function readOrderDocuments(file: string): Promise<OrderDocument[]> {
  const documents: OrderDocument[] = [];
  await readXml(file, {
    wanted: (path) => pathIs(path, 'Документ') || pathIs(path, 'Контейнер', 'Документ'),
    opened: (path) => {
      if (path.length === 1 && path[0] !== ROOT) throw new XmlRefused(`the root element must be ${ROOT}`);
    },
    record: (_path, node) =>
      documents.push({ id: textAt(node, 'Ид'), number: textAt(node, 'Номер'), details: detailsOf(node) }),
  });
  return documents;
}
