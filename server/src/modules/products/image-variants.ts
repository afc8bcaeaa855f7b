import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRODUCT_IMAGE_WIDTHS, type ProductImage } from '@shop/common';
import { sql } from 'drizzle-orm';
import type { SharpConstructor } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import type { Tx } from '../../db/client.js';

/** Where the sized copies live, under the uploads' products folder. */
export const VARIANTS_FOLDER = 'v';
const VARIANTS_PREFIX = `/uploads/products/${VARIANTS_FOLDER}/`;
const MAX_INPUT_PIXELS = 50_000_000;
/**
 * AVIF at effort 3 of 9: on two cores effort 4 (sharp's default) took ~4× as long for files a few
 * per cent smaller; a 1 280 px photo encodes in well under a second at 3.
 */
const AVIF = { quality: 50, effort: 3 } as const;
const WEBP = { quality: 72, effort: 4 } as const;

export interface VariantFile {
  name: string;
  data: Buffer;
}

export interface PreparedVariants {
  files: VariantFile[];
  /** The picture's wire form without its `src` (the original's path, known once it is stored). */
  image: Omit<ProductImage, 'src'>;
}

/** The widths a picture is kept at: the standard ones it can fill, or its own when it is narrower. */
export function variantWidths(originalWidth: number): number[] {
  const widths = PRODUCT_IMAGE_WIDTHS.filter((width) => width <= originalWidth);
  return widths.length > 0 ? widths : [originalWidth];
}

/** Named by their content: a changed picture is a new name, so browsers may keep a file for good. */
const hashedName = (data: Buffer, extension: string) =>
  `${createHash('sha256').update(data).digest('hex').slice(0, 24)}.${extension}`;

/** The ThumbHash of the picture (at most 100 × 100 px, as its authors ask), base64. */
async function placeholderOf(sharp: SharpConstructor, data: Buffer): Promise<string> {
  const { data: rgba, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(100, 100, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, rgba)).toString('base64');
}

/** AVIF and WebP copies of one picture at each width, its upright size and its placeholder. */
export async function prepareVariants(data: Buffer): Promise<PreparedVariants> {
  // Loaded on first use: libvips adds ~12 MB to a process, and most never resize a photo.
  const { default: sharp } = await import('sharp');
  const upright = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
  const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 1;
  const height = (turned ? meta.width : meta.height) ?? 1;
  const files: VariantFile[] = [];
  const avif: string[] = [];
  const webp: string[] = [];
  for (const size of variantWidths(width)) {
    const resized = () => upright().resize({ width: size, withoutEnlargement: true });
    const avifData = await resized().avif(AVIF).toBuffer();
    const webpData = await resized().webp(WEBP).toBuffer();
    const avifName = hashedName(avifData, 'avif');
    const webpName = hashedName(webpData, 'webp');
    files.push({ name: avifName, data: avifData }, { name: webpName, data: webpData });
    avif.push(`${VARIANTS_PREFIX}${avifName} ${size}w`);
    webp.push(`${VARIANTS_PREFIX}${webpName} ${size}w`);
  }
  return {
    files,
    image: {
      width,
      height,
      placeholder: await placeholderOf(sharp, data),
      avif: avif.join(', '),
      webp: webp.join(', '),
    },
  };
}

/**
 * Writes the sized copies not already there (a copy there has the same bytes: its name is its
 * content) and notes each one it adds in `added`, so a save that fails later can take them back.
 * Each goes to a temporary name, then is renamed: a process killed mid-write leaves no half file
 * under a real name.
 */
export async function writeVariants(
  productsDir: string,
  files: readonly VariantFile[],
  added: string[] = [],
): Promise<void> {
  const folder = path.join(productsDir, VARIANTS_FOLDER);
  await mkdir(folder, { recursive: true });
  for (const file of files) {
    const target = path.join(folder, file.name);
    if (existsSync(target)) continue;
    // Unique: two uploads of one picture write the same name at once.
    const temporary = path.join(folder, `.${file.name}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, file.data);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    added.push(file.name);
  }
}

/**
 * Held (until the transaction ends) by whatever makes a product name sized copies, which makes
 * sure of its copies on disk under it, and by whatever deletes copies no product names. Copies are
 * named by content and shared: without it, a removal could look, find no product naming a copy an
 * upload of the same picture had just found on disk and kept, and delete it before the upload's
 * row named it.
 */
export async function holdPictureCopies(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('product-picture-copies'))`);
}

/** The file names of a picture's sized copies, read from its `srcset` strings. */
export const variantNames = (image: Pick<ProductImage, 'avif' | 'webp'>): string[] =>
  [image.avif, image.webp]
    .flatMap((srcset) => srcset.split(','))
    .map((entry) => entry.trim().split(' ')[0] ?? '')
    .filter((url) => url.startsWith(VARIANTS_PREFIX))
    .map((url) => url.slice(VARIANTS_PREFIX.length))
    .filter((name) => /^[0-9a-f]{24}\.(avif|webp)$/.test(name));
