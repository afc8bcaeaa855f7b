import { REGION_NAMES, formatSom, isRegion, type StaffAlertKind, type StaffAlertPayload } from '@shop/common';

/*
 * The staff chat's message, in the shop's default language (Uzbek). Telegram's HTML mode: every
 * shopper-typed text is escaped. The phone is written as +998XXXXXXXXX, which Telegram turns into
 * a tap-to-call link by itself (it takes no tel: links in messages).
 */

const TITLES: Record<StaffAlertKind, string> = {
  orderPlaced: '🛒 Yangi buyurtma',
  orderCancelled: '❌ Buyurtma bekor qilindi',
  orderExpired: '⌛ Toʻlanmagan buyurtma muddati tugadi, bekor qilindi',
  paymentReceived: '💰 Toʻlov qabul qilindi',
  paymentReversed: '↩️ Click toʻlovi qaytarildi (buyurtma bekor, muddati oʻtgan yoki allaqachon toʻlangan)',
};

const PAYMENT_METHODS: Record<string, string> = {
  cash: 'naqd pul',
  payme: 'Payme',
  click: 'Click',
  bank_transfer: 'bank oʻtkazmasi (hisob-varaq)',
};

export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Telegram refuses messages over 4096 characters: a huge order lists its first lines and a count. */
const MAX_LINES_SHOWN = 30;
export const TELEGRAM_MAX_CHARS = 4096;

const METHODS: Record<string, string> = {
  courier: 'Kuryer',
  pickup: 'Oʻzi olib ketadi',
  arrange: 'Telefonda kelishiladi',
};

/** The delivery lines of the message: how, where (address and landmark), when, floor, assembly. */
function deliveryLines(delivery: StaffAlertPayload['delivery']): string[] {
  if (!delivery) return [];
  const region = isRegion(delivery.region) ? REGION_NAMES[delivery.region].uz : delivery.region;
  const { address } = delivery;
  const street = address
    ? [address.street, address.house, address.apartment && `kv. ${address.apartment}`]
        .filter(Boolean)
        .join(', ')
    : '';
  return [
    `🚚 Yetkazish: ${METHODS[delivery.method] ?? escapeHtml(delivery.method)}`,
    ...(region || street ? [`📍 ${escapeHtml([region, street].filter(Boolean).join(', '))}`] : []),
    ...(address?.landmark ? [`🧭 Moʻljal: ${escapeHtml(address.landmark)}`] : []),
    ...(delivery.date ? [`📅 ${delivery.date}, ${escapeHtml(delivery.slot ?? '')}`] : []),
    ...(delivery.floor !== undefined
      ? [`🏢 ${delivery.floor}-qavat, ${delivery.lift ? 'lift bor' : 'lift yoʻq'}`]
      : []),
    ...(delivery.assembly ? ['🔧 Yigʻish kerak'] : []),
    '',
  ];
}

/** "• Stol (140×70 sm · Eman) [DESK-140-OAK] × 1 — 1 400 000 soʻm": a variant by its label and SKU. */
function lineText(line: StaffAlertPayload['lines'][number]): string {
  const what = line.variant ?? line.color;
  const name = `${escapeHtml(line.name)}${what ? ` (${escapeHtml(what)})` : ''}`;
  const sku = line.sku ? ` [${escapeHtml(line.sku)}]` : '';
  return `• ${name}${sku} × ${line.quantity} — ${formatSom(line.lineTotal, 'uz')}`;
}

export function alertMessage(
  kind: StaffAlertKind,
  orderId: string,
  alert: StaffAlertPayload,
  publicUrl: string,
): string {
  const items = alert.lines.slice(0, MAX_LINES_SHOWN).map(lineText);
  const link = `${publicUrl}/admin/orders?order=${encodeURIComponent(orderId)}`;
  const compose = (shown: string[]) => {
    const hidden = alert.lines.length - shown.length;
    return [
      `<b>${TITLES[kind]} ${escapeHtml(alert.orderNumber)}</b>`,
      '',
      ...(alert.company
        ? [`🏢 Tashkilot (company): ${escapeHtml(alert.company.name)}, STIR ${escapeHtml(alert.company.tin)}`]
        : []),
      `👤 ${escapeHtml(alert.customerName)}`,
      `📞 ${escapeHtml(alert.phoneNumber)}`,
      '',
      ...shown,
      ...(hidden > 0 ? [`… and ${hidden} more lines`] : []),
      '',
      ...deliveryLines(alert.delivery),
      `<b>Jami: ${formatSom(alert.total, 'uz')}</b>`,
      `Toʻlov usuli: ${PAYMENT_METHODS[alert.paymentMethod] ?? escapeHtml(alert.paymentMethod)}`,
      '',
      `<a href="${escapeHtml(link)}">Buyurtmani ochish</a>`,
    ].join('\n');
  };
  // Long names can pass Telegram's limit within the first lines too: fewer are shown until it fits.
  let shown = items.length;
  let message = compose(items);
  while (message.length > TELEGRAM_MAX_CHARS && shown > 0) message = compose(items.slice(0, --shown));
  return message.length > TELEGRAM_MAX_CHARS ? `${message.slice(0, TELEGRAM_MAX_CHARS - 1)}…` : message;
}
