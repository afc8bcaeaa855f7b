import { createReadStream } from 'node:fs';
import { SaxesParser } from 'saxes';

/** An element read whole: its attributes, its own text and its child elements, in order. */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlNode[];
}

/** A file that is not the XML the exchange reads; its message goes back to 1C after `failure`. */
export class XmlRefused extends Error {}

/** What `readXml` hands over as it goes. */
export interface XmlVisitor {
  /** Whether the element opened at this path (names from the root) is read whole and handed to `record`. */
  wanted(path: readonly string[]): boolean;
  record(path: readonly string[], node: XmlNode): void;
  /** Every other element's opening tag, with its attributes (a catalogue says whether it is complete there). */
  opened?(path: readonly string[], attributes: Record<string, string>): void;
}

/** Deeper nesting than any CommerceML file has is an attack or a broken file. */
const MAX_DEPTH = 64;
/** One product, offer or order is a few kilobytes; more text in one record is refused. */
const MAX_RECORD_TEXT = 1024 * 1024;

/** The encoding the XML declaration names (1C writes UTF-8; some exports windows-1251). */
function encodingOf(head: Buffer): string {
  const declared = /^(?:\uFEFF)?<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(head.toString('latin1'));
  const name = declared?.[1]?.toLowerCase() ?? 'utf-8';
  try {
    return new TextDecoder(name).encoding;
  } catch {
    throw new XmlRefused(`unknown encoding ${name}`);
  }
}

/**
 * Reads an XML file as a stream, handing each wanted element to the visitor whole, so memory holds
 * one record at a time. A DOCTYPE (and with it every entity declaration) is refused before any
 * record is used, as is any text that is not well-formed XML.
 */
export async function readXml(file: string, visitor: XmlVisitor): Promise<void> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const path: string[] = [];
  const open: XmlNode[] = [];
  let recordText = 0;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
  };
  parser.on('error', (error) => fail(new XmlRefused(error.message)));
  parser.on('doctype', () => fail(new XmlRefused('a DOCTYPE is not accepted')));
  parser.on('opentag', (tag) => {
    path.push(tag.name);
    if (path.length > MAX_DEPTH) return fail(new XmlRefused(`elements nested deeper than ${MAX_DEPTH}`));
    const attributes = { ...(tag.attributes as Record<string, string>) };
    if (open.length > 0 || visitor.wanted(path)) {
      const node: XmlNode = { name: tag.name, attributes, text: '', children: [] };
      open.at(-1)?.children.push(node);
      open.push(node);
    } else visitor.opened?.(path, attributes);
  });
  const addText = (text: string) => {
    const node = open.at(-1);
    if (!node) return;
    recordText += text.length;
    if (recordText > MAX_RECORD_TEXT) return fail(new XmlRefused(`<${open[0]!.name}> holds too much text`));
    node.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const node = open.pop();
    if (node && open.length === 0 && !failure) {
      visitor.record(path, node);
      recordText = 0;
    }
    path.pop();
  });

  const stream = createReadStream(file);
  let decoder: TextDecoder | undefined;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    decoder ??= new TextDecoder(encodingOf(chunk), { fatal: true });
    try {
      parser.write(decoder.decode(chunk, { stream: true }));
    } catch (error) {
      fail(error instanceof XmlRefused ? error : new XmlRefused(String((error as Error).message)));
    }
    if (failure) {
      stream.destroy();
      throw failure;
    }
  }
  try {
    parser.write(decoder?.decode() ?? '');
    parser.close();
  } catch (error) {
    fail(new XmlRefused((error as Error).message));
  }
  if (failure) throw failure;
}

/** The first child element of this name. */
export const childOf = (node: XmlNode | undefined, name: string): XmlNode | undefined =>
  node?.children.find((child) => child.name === name);

/** Every child element of this name. */
export const childrenOf = (node: XmlNode | undefined, name: string): XmlNode[] =>
  node?.children.filter((child) => child.name === name) ?? [];

/** The trimmed text of the child element at this path (`Цены/Цена/ЦенаЗаЕдиницу`), '' when absent. */
export function textAt(node: XmlNode | undefined, ...names: string[]): string {
  let at = node;
  for (const name of names) at = childOf(at, name);
  return at?.text.trim() ?? '';
}
