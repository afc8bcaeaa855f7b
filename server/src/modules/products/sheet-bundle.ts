import { inflateRawSync } from 'node:zlib';
import { AppError } from '../../plugins/errors.js';

/** A `.zip` brought in: one sheet at its root and the pictures its `images` cells name. */
export interface SheetBundle {
  sheet: { data: Buffer; name: string };
  /** Pictures by file name (the `images/` folder's, without the folder). */
  images: Map<string, Buffer>;
}

/** What a zip may unpack to in all, and how many entries it may hold: a catalogue's photos, with room. */
export const MAX_BUNDLE_UNZIPPED_BYTES = 256 * 1024 * 1024;
const MAX_BUNDLE_ENTRIES = 5_000;
const IMAGES_FOLDER = 'images/';
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

const bad = (message: string) => new AppError(400, 'VALIDATION_ERROR', message);

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeader: number;
}

/** The zip's central directory: every entry's name, sizes and where its data starts. */
function directoryOf(file: Buffer): ZipEntry[] {
  let end = -1;
  for (let at = file.length - 22; at >= Math.max(0, file.length - 65_557); at -= 1)
    if (file.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  if (end < 0) throw bad('The file is not a readable zip');
  const count = file.readUInt16LE(end + 10);
  if (count > MAX_BUNDLE_ENTRIES) throw bad(`A zip may hold at most ${MAX_BUNDLE_ENTRIES} files`);
  const entries: ZipEntry[] = [];
  let at = file.readUInt32LE(end + 16);
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== DIRECTORY_ENTRY) throw bad('The zip is broken');
    const nameLength = file.readUInt16LE(at + 28);
    entries.push({
      method: file.readUInt16LE(at + 10),
      compressedSize: file.readUInt32LE(at + 20),
      size: file.readUInt32LE(at + 24),
      name: file.toString('utf8', at + 46, at + 46 + nameLength),
      localHeader: file.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return entries;
}

/** An entry's bytes, never more than the directory declared: a lying entry is refused, not unpacked. */
function contentOf(file: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeader;
  if (at + 30 > file.length || file.readUInt32LE(at) !== LOCAL_HEADER) throw bad('The zip is broken');
  const start = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28);
  const packed = file.subarray(start, start + entry.compressedSize);
  if (packed.length !== entry.compressedSize) throw bad('The zip is broken');
  if (entry.method === 0) return packed;
  if (entry.method !== 8) throw bad(`${entry.name} is packed in a way the shop does not read: use plain zip`);
  try {
    const data = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size) });
    if (data.length !== entry.size) throw new Error('size');
    return data;
  } catch {
    throw bad(`${entry.name} in the zip is broken or larger than it declares`);
  }
}

/** A name that stays inside the zip's folder: no absolute path, drive, backslash or `..`. */
function safeName(name: string): boolean {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\\')) return false;
  return !name.split('/').some((part) => part === '..' || part === '.');
}

/** Files an archiver adds on its own (macOS's resource forks, Finder's and Explorer's notes). */
const ignored = (name: string) =>
  name.endsWith('/') ||
  name.startsWith('__MACOSX/') ||
  /(^|\/)(\.DS_Store|Thumbs\.db|desktop\.ini)$/i.test(name);

/**
 * Reads a zip holding one `.xlsx` or `.csv` sheet at its root and pictures in `images/`: any other
 * file, a path leaving the folder, more than one sheet, or more than 256 MB unpacked is refused
 * before anything is unpacked, so a refused zip costs no more than its directory.
 */
export function readBundle(file: Buffer): SheetBundle {
  const entries = directoryOf(file);
  const unsafe = entries.find((entry) => !safeName(entry.name));
  if (unsafe) throw bad(`The zip holds a path outside its folder: ${unsafe.name.slice(0, 200)}`);
  const files = entries.filter((entry) => !ignored(entry.name));
  const total = files.reduce((sum, entry) => sum + entry.size, 0);
  if (total > MAX_BUNDLE_UNZIPPED_BYTES)
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The zip unpacks to more than 256 MB');
  const sheets = files.filter((entry) => /^[^/]+\.(xlsx|csv)$/i.test(entry.name));
  const pictures = files.filter((entry) => /^images\/[^/]+$/.test(entry.name));
  const stray = files.find((entry) => !sheets.includes(entry) && !pictures.includes(entry));
  if (stray)
    throw bad(
      `A zip holds one sheet (.xlsx or .csv) and an images/ folder; ${stray.name.slice(0, 200)} is neither`,
    );
  if (sheets.length !== 1)
    throw bad(`A zip holds exactly one sheet (.xlsx or .csv) at its top; this one has ${sheets.length}`);
  const sheet = sheets[0]!;
  return {
    sheet: { name: sheet.name, data: contentOf(file, sheet) },
    images: new Map(
      pictures.map((entry) => [entry.name.slice(IMAGES_FOLDER.length), contentOf(file, entry)]),
    ),
  };
}
