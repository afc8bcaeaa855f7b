/** Text helpers every feed writer shares: XML escaping, CSV fields, lengths the formats allow. */

// XML 1.0 allows no control characters but tab, newline and carriage return: a stray one from a
// pasted description would make the whole feed unreadable to the platform's parser.
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const XML_ENTITIES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&apos;',
  '"': '&quot;',
};

/** Text or attribute value safe inside XML. */
export const xmlText = (text: string): string =>
  text.replace(XML_FORBIDDEN, '').replace(/[<>&'"]/g, (char) => XML_ENTITIES[char]!);

/** `<name>text</name>`, or nothing when the value is absent. */
export const xmlElement = (name: string, value: string | number | null | undefined): string =>
  value === null || value === undefined || value === '' ? '' : `<${name}>${xmlText(String(value))}</${name}>`;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value).replace(XML_FORBIDDEN, '');
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, ended by CRLF as RFC 4180 writes it. */
export const csvRow = (fields: readonly (string | number | null | undefined)[]): string =>
  `${fields.map(csvField).join(',')}\r\n`;

/** One line of plain text of at most `max` characters: the platforms show neither breaks nor runs of spaces. */
export function clip(text: string, max: number): string {
  const flat = text.replace(XML_FORBIDDEN, '').replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** A price as Google and Meta write it: whole so'm and the ISO 4217 code, e.g. `1250000 UZS`. */
export const feedPrice = (som: number): string => `${som} UZS`;
