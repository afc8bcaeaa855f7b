import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../plugins/errors.js';

/** Which exchange a folder serves: the catalogue's files and the orders 1C sends back are kept apart. */
export type ExchangeType = 'catalog' | 'sale';

/** A file name as 1C sends it: folders and names of letters, digits, `.`, `_`, `-` and spaces, none led by a dot. */
const SEGMENT = /^[\p{L}\p{N}_ -][\p{L}\p{N}._ -]{0,120}$/u;
/** Where the steps of an import keep their state: a dot folder, which no sent name can reach. */
const STEPS_FOLDER = '.steps';

/** The path of a name 1C sent, inside the folder; `..`, absolute paths and odd characters are a 400. */
export function exchangePath(root: string, name: string): string {
  const segments = name.split('/');
  const fits =
    name.length <= 400 && segments.length <= 6 && segments.every((segment) => SEGMENT.test(segment));
  if (!fits || segments.includes('..') || path.isAbsolute(name)) {
    throw new AppError(
      400,
      'VALIDATION_ERROR',
      'filename must be a relative path of letters, digits, ".", "_", "-" and spaces (no "..")',
    );
  }
  const resolved = path.resolve(root, ...segments);
  if (!resolved.startsWith(root + path.sep)) {
    throw new AppError(400, 'VALIDATION_ERROR', 'filename must stay inside the exchange folder');
  }
  return resolved;
}

async function sizeOf(folder: string): Promise<number> {
  let total = 0;
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** Counts the bytes passing and stops the copy past `limit`. */
async function* limited(body: Readable, limit: number, tooLarge: () => Error): AsyncGenerator<Buffer> {
  let seen = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    seen += chunk.length;
    if (seen > limit) throw tooLarge();
    yield chunk;
  }
}

/**
 * The exchange directory in the data folder: `<data>/1c-exchange/<type>/`. `mode=init` empties it,
 * `mode=file` appends to a file in it, within the per-call and whole-folder limits.
 */
export class ExchangeFolder {
  /** Bytes in the folder as this process counts them: walked once, then kept up to date by each write. */
  private used: number | undefined;

  constructor(
    private readonly root: string,
    private readonly limits: { fileLimit: number; folderLimit: number },
  ) {}

  folder(type: ExchangeType): string {
    return path.join(this.root, type);
  }

  pathOf(type: ExchangeType, name: string): string {
    return exchangePath(this.folder(type), name);
  }

  async clear(type: ExchangeType): Promise<void> {
    await rm(this.folder(type), { recursive: true, force: true });
    await mkdir(this.folder(type), { recursive: true });
    this.used = undefined;
  }

  /** Appends the body to the named file; a body past a limit leaves the file as it was (413). */
  async append(type: ExchangeType, name: string, body: Readable | undefined): Promise<string> {
    const file = this.pathOf(type, name);
    await mkdir(path.dirname(file), { recursive: true });
    const before = (await stat(file).catch(() => undefined))?.size ?? 0;
    const used = (this.used ??= await sizeOf(this.root));
    const room = Math.min(this.limits.fileLimit, this.limits.folderLimit - used);
    const tooLarge = () =>
      new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        room < this.limits.fileLimit
          ? 'The exchange folder is full: start the exchange again (mode=init)'
          : `A file part may be at most ${this.limits.fileLimit} bytes (file_limit)`,
      );
    if (room <= 0) throw tooLarge();
    try {
      await pipeline(
        body ? limited(body, room, tooLarge) : (async function* () {})(),
        createWriteStream(file, { flags: 'a' }),
      );
    } catch (error) {
      await truncate(file, before).catch(() => undefined);
      body?.resume();
      throw error;
    }
    this.used = used + (await stat(file)).size - before;
    return file;
  }

  /** Takes a file away (orders 1C sends are taken whole, never appended to an earlier one). */
  async remove(type: ExchangeType, name: string): Promise<void> {
    const file = this.pathOf(type, name);
    const size = (await stat(file).catch(() => undefined))?.size ?? 0;
    await rm(file, { force: true });
    if (this.used !== undefined) this.used -= size;
  }

  async readState<T>(type: ExchangeType, key: string): Promise<T | undefined> {
    const text = await readFile(this.statePath(type, key), 'utf8').catch(() => undefined);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  async writeState(type: ExchangeType, key: string, state: unknown): Promise<void> {
    const file = this.statePath(type, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(state));
  }

  private statePath(type: ExchangeType, key: string): string {
    return path.join(this.folder(type), STEPS_FOLDER, `${encodeURIComponent(key)}.json`);
  }
}
