import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { amountInWords, type CompanyRequisites, type WordsLanguage } from '@shop/common';
import type { InvoiceSeller } from '../../db/schema.js';

const require = createRequire(import.meta.url);
// DejaVu covers Latin, Cyrillic and U+02BB (oʻ, gʻ); pdfkit embeds the glyphs it uses.
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

/**
 * The VAT inside the lines' prices, which include it (112 000 at 12 % holds 12 000): each line's
 * exact share summed, then rounded once to the so'm, so no fraction is lost line by line.
 */
export const includedVat = (
  lines: readonly Pick<InvoiceLine, 'unitPrice' | 'quantity' | 'vatPercent'>[],
): number =>
  Math.round(
    lines.reduce(
      (sum, line) => sum + (line.unitPrice * line.quantity * line.vatPercent) / (100 + line.vatPercent),
      0,
    ),
  );

export interface InvoiceLine {
  name: string;
  /** The product's IKPU (MXIK) code; a dash where it has none (a service such as delivery). */
  ikpu: string | null;
  quantity: number;
  unitPrice: number;
  /** The rate the price includes (the product's, or the shop's for a service). */
  vatPercent: number;
}

export interface InvoiceData {
  number: string;
  /** Tashkent days, `YYYY-MM-DD`. */
  date: string;
  validUntil: string;
  language: WordsLanguage;
  seller: Omit<InvoiceSeller, 'validDays'>;
  buyer: CompanyRequisites;
  lines: InvoiceLine[];
  total: number;
}

const PAGE = { left: 40, width: 515 };
const COLUMNS = [
  { title: '№', width: 25, align: 'left' },
  { title: 'Nomi / Наименование', width: 170, align: 'left' },
  { title: 'IKPU / ИКПУ', width: 100, align: 'left' },
  { title: 'Soni / Кол-во', width: 50, align: 'right' },
  { title: 'Narxi / Цена', width: 80, align: 'right' },
  { title: 'Summa / Сумма', width: 90, align: 'right' },
] as const;

const money = (amount: number) => String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const day = (iso: string) => iso.split('-').reverse().join('.');
const orDash = (value: string | undefined | null) => value || '—';

type Doc = InstanceType<typeof PDFDocument>;

function requisites(doc: Doc, title: string, rows: [string, string | undefined][]): void {
  doc.font('bold').fontSize(10).text(title, PAGE.left, doc.y, { width: PAGE.width });
  doc.font('regular').fontSize(9);
  for (const [label, value] of rows) doc.text(`${label}: ${orDash(value)}`, { width: PAGE.width });
  doc.moveDown(0.6);
}

function tableRow(doc: Doc, cells: string[], bold = false): void {
  const top = doc.y;
  let x = PAGE.left;
  let bottom = top;
  doc.font(bold ? 'bold' : 'regular').fontSize(8.5);
  COLUMNS.forEach((column, i) => {
    doc.text(cells[i]!, x + 2, top + 3, { width: column.width - 4, align: column.align });
    bottom = Math.max(bottom, doc.y);
    x += column.width;
  });
  doc.rect(PAGE.left, top, PAGE.width, bottom - top + 3).stroke();
  doc.y = bottom + 3;
}

function table(doc: Doc, lines: readonly InvoiceLine[]): void {
  tableRow(
    doc,
    COLUMNS.map((column) => column.title),
    true,
  );
  lines.forEach((line, i) =>
    tableRow(doc, [
      String(i + 1),
      line.name,
      orDash(line.ikpu),
      String(line.quantity),
      money(line.unitPrice),
      money(line.unitPrice * line.quantity),
    ]),
  );
}

/** The VAT line: one rate named when every line has it, the sum of each line's VAT either way. */
function vatText(lines: readonly InvoiceLine[]): string {
  const vat = includedVat(lines);
  const rates = [...new Set(lines.map((line) => line.vatPercent))];
  const rate = rates.length === 1 ? ` ${rates[0]} %` : '';
  return `shu jumladan QQS${rate} / в т.ч. НДС${rate}: ${money(vat)}`;
}

function totals(doc: Doc, data: InvoiceData): void {
  doc.moveDown(0.8);
  const right = { width: PAGE.width, align: 'right' } as const;
  doc
    .font('bold')
    .fontSize(10)
    .text(`Jami / Итого: ${money(data.total)} soʻm / сум`, PAGE.left, doc.y, right);
  doc.font('regular').fontSize(9).text(vatText(data.lines), right);
  doc.moveDown(0.6);
  doc.font('bold').text('Jami toʻlovga / Всего к оплате:', PAGE.left, doc.y, { width: PAGE.width });
  doc.font('regular').text(amountInWords(data.total, data.language), { width: PAGE.width });
  doc.moveDown(0.6);
  doc.text(
    `Hisob-varaq ${day(data.validUntil)} gacha amal qiladi / Счёт действителен до ${day(data.validUntil)}`,
  );
  doc.moveDown(2);
  doc.text('Rahbar / Руководитель ____________        Bosh hisobchi / Главный бухгалтер ____________');
}

/** The invoice as a PDF: seller and buyer requisites, lines with IKPU, VAT included, the sum in words. */
export function renderInvoice(data: InvoiceData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.left,
    info: { Title: `Toʻlov uchun hisob-varaq / Счёт на оплату № ${data.number}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.font('bold').fontSize(14).text(`Toʻlov uchun hisob-varaq / Счёт на оплату № ${data.number}`, {
    width: PAGE.width,
    align: 'center',
  });
  doc
    .font('regular')
    .fontSize(9)
    .text(`Sana / Дата: ${day(data.date)}`, { width: PAGE.width, align: 'center' });
  doc.moveDown(1);
  const { seller, buyer } = data;
  requisites(doc, `Sotuvchi / Поставщик: ${orDash(seller.legalName)}`, [
    ['STIR / ИНН', seller.tin],
    ['Hisob raqami / Р/с', seller.bankAccount],
    ['MFO / МФО', seller.mfo],
    ['Bank / Банк', seller.bank],
    ['Manzil / Адрес', seller.address],
  ]);
  requisites(doc, `Xaridor / Покупатель: ${buyer.name}`, [
    ['STIR / ИНН', buyer.tin],
    ['Hisob raqami / Р/с', buyer.bankAccount],
    ['MFO / МФО', buyer.mfo],
    ['Bank / Банк', buyer.bank],
    ['Manzil / Адрес', buyer.address],
    ['Masʼul shaxs / Контактное лицо', buyer.contactName],
  ]);
  table(doc, data.lines);
  totals(doc, data);
  doc.end();
  return done;
}
