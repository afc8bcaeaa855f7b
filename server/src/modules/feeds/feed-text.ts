/** Text helpers every feed writer shares: CSV fields, lengths the formats allow (XML: modules/xml). */

import { XML_FORBIDDEN } from '../xml/xml-text.js';

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
