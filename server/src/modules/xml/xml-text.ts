/** Text inside XML, as the feeds and the 1C exchange write it. */

// XML 1.0 allows no control characters but tab, newline and carriage return: a stray one from a
// pasted description would make a whole feed or 1C document unreadable to its reader's parser.
// eslint-disable-next-line no-control-regex
export const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
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
