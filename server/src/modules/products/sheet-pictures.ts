import { createHash } from 'node:crypto';
import { AppError } from '../../plugins/errors.js';
import { imageName } from './catalogue-sheet.js';
import { prepareImages, sniffImage, type ImageUpload } from './images.js';

/** The pictures a row's `images` cell adds from the zip, and their names once stored. */
export interface RowPictures {
  /** The cell with each zip picture named as it is (or will be) stored. */
  cell: string | undefined;
  /** Stored names of the pictures not stored yet. */
  added: string[];
  uploads: ImageUpload[];
  errors: string[];
}

const listed = (cell: string): string[] =>
  cell
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/**
 * Reads a row's `images` cell against the product's stored pictures and the zip's `images/` folder.
 * A picture from the zip is stored under a name drawn from the product and its bytes, so bringing
 * the same zip in again finds it stored and adds nothing.
 */
export function picturesOf(
  cell: string | undefined,
  stored: readonly string[],
  bundle: ReadonlyMap<string, Buffer> | undefined,
  productId: string,
): RowPictures {
  const result: RowPictures = { cell, added: [], uploads: [], errors: [] };
  if (cell === undefined) return result;
  const storedNames = stored.map(imageName);
  const names: string[] = [];
  for (const name of listed(cell)) {
    names.push(name);
    if (storedNames.includes(name)) continue;
    const data = bundle?.get(name);
    if (!data) {
      result.errors.push(
        bundle ? `No picture named ${name} in the zip’s images folder` : `${name} is not a stored picture`,
      );
      continue;
    }
    const kind = sniffImage(data);
    if (!kind) {
      result.errors.push(`${name} is not a JPEG, PNG, WebP, AVIF or GIF image`);
      continue;
    }
    const storedName = createHash('sha256')
      .update(productId)
      .update('\0')
      .update(data)
      .digest('hex')
      .slice(0, 32);
    const file = `${storedName}.${kind}`;
    names[names.length - 1] = file;
    if (storedNames.includes(file)) continue;
    result.added.push(file);
    result.uploads.push({ filename: name, data, storedName });
  }
  return { ...result, cell: names.join(', ') };
}

/** The pictures read through the same checks an upload in the form passes (sharp must read each). */
export async function pictureProblem(uploads: readonly ImageUpload[]): Promise<string | null> {
  for (const upload of uploads) {
    try {
      await prepareImages([upload]);
    } catch (error) {
      if (error instanceof AppError) return error.message;
      throw error;
    }
  }
  return null;
}
