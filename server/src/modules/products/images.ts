import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sharp } from 'sharp';
import { imageUrl, type ProductImage } from '@shop/common';
import { AppError } from '../../plugins/errors.js';
import { VARIANTS_FOLDER, prepareVariants, writeVariants, type PreparedVariants } from './image-variants.js';

export interface ImageUpload {
  filename: string;
  data: Buffer;
  /** The stored file's name without its type (32 hex), when the caller names it: by default random. */
  storedName?: string;
}

const PUBLIC_PREFIX = '/uploads/products/';
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp|avif|gif)$/;
const THUMB_SIZE = 480;
/** Refuse decompression bombs: no product photo needs more than 50 megapixels. */
const MAX_INPUT_PIXELS = 50_000_000;

type ImageKind = 'jpg' | 'png' | 'webp' | 'avif' | 'gif';

/** The stored original keeps its format, at a quality that shows no loss on the product page. */
const REENCODE: Record<ImageKind, (image: Sharp) => Sharp> = {
  jpg: (image) => image.jpeg({ quality: 90 }),
  png: (image) => image.png(),
  webp: (image) => image.webp({ quality: 90 }),
  avif: (image) => image.avif({ quality: 70 }),
  gif: (image) => image.gif(),
};

/** Decides the type from the bytes, never from the name or the declared content type. */
export function sniffImage(data: Buffer): ImageKind | null {
  if (data.length < 12) return null;
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.toString('ascii', 0, 6) === 'GIF87a' || data.toString('ascii', 0, 6) === 'GIF89a') return 'gif';
  if (data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  if (data.toString('ascii', 4, 8) === 'ftyp' && /^avi[fs]$/.test(data.toString('ascii', 8, 12)))
    return 'avif';
  return null;
}

export interface PreparedImage {
  name: string;
  original: Buffer;
  thumbnail: Buffer;
  variants: PreparedVariants;
}

/** Checks every file and makes its thumbnail before anything is written, so a bad file writes nothing. */
export async function prepareImages(uploads: readonly ImageUpload[]): Promise<PreparedImage[]> {
  // Loaded on the first upload: libvips adds ~12 MB to every process, and most never resize a photo.
  const { default: sharp } = await import('sharp');
  const prepared: PreparedImage[] = [];
  for (const upload of uploads) {
    const kind = sniffImage(upload.data);
    if (!kind) {
      throw new AppError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `${upload.filename} is not a JPEG, PNG, WebP, AVIF or GIF image`,
      );
    }
    let thumbnail: Buffer;
    let original: Buffer;
    let variants: PreparedVariants;
    try {
      thumbnail = await sharp(upload.data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
        .rotate()
        .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
      // Stored re-encoded, never as sent: whatever rode along with the picture (an HTML page or a
      // ZIP archive appended, a script in a GIF header or a metadata chunk) is left behind.
      original = await REENCODE[kind](
        sharp(upload.data, { limitInputPixels: MAX_INPUT_PIXELS, animated: true }).rotate(),
      ).toBuffer();
      variants = await prepareVariants(original);
    } catch {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `${upload.filename} could not be read as an image`);
    }
    const name = upload.storedName ?? randomBytes(16).toString('hex');
    prepared.push({ name: `${name}.${kind}`, original, thumbnail, variants });
  }
  return prepared;
}

export class ImageStore {
  private readonly productsDir: string;
  private readonly thumbsDir: string;

  constructor(uploadsDir: string) {
    this.productsDir = path.join(uploadsDir, 'products');
    this.thumbsDir = path.join(this.productsDir, 'thumbs');
  }

  /** Writes originals and thumbnails; on any failure removes what it wrote and fails whole. */
  async save(images: readonly PreparedImage[]): Promise<string[]> {
    const written: string[] = [];
    const addedCopies: string[] = [];
    try {
      await mkdir(this.thumbsDir, { recursive: true });
      for (const image of images) {
        // Counted before writing: a write cut short by a full disk leaves a partial file behind.
        written.push(`${PUBLIC_PREFIX}${image.name}`);
        await writeFile(path.join(this.productsDir, image.name), image.original, { flag: 'wx' });
        await writeFile(path.join(this.thumbsDir, thumbName(image.name)), image.thumbnail, { flag: 'wx' });
        await writeVariants(this.productsDir, image.variants.files, addedCopies);
      }
      return written;
    } catch (error) {
      await this.remove(written);
      for (const name of addedCopies)
        await rm(path.join(this.productsDir, VARIANTS_FOLDER, name), { force: true });
      throw new AppError(
        507,
        'STORAGE_FAILED',
        `Could not store the images (${(error as NodeJS.ErrnoException).code ?? 'write failed'})`,
      );
    }
  }

  /**
   * Deletes stored originals and thumbnails; paths that are not ours (URLs, other folders) are left
   * alone. The sized copies go through `removeCopies`, once no product shows them (they are named by
   * content, so another product's identical picture may share them).
   */
  async remove(paths: readonly string[]): Promise<void> {
    for (const stored of paths) {
      const name = storedName(stored);
      if (!name) continue;
      await rm(path.join(this.productsDir, name), { force: true });
      await rm(path.join(this.thumbsDir, thumbName(name)), { force: true });
    }
  }

  /**
   * Writes again any of these pictures' sized copies that are no longer on disk (see
   * `holdPictureCopies`: called under it, just before a product row names them).
   */
  async restoreCopies(images: readonly PreparedImage[]): Promise<void> {
    for (const image of images) await writeVariants(this.productsDir, image.variants.files);
  }

  /** Deletes sized copies by name (as `variantNames` reads them from a picture's srcsets). */
  async removeCopies(names: readonly string[]): Promise<void> {
    for (const name of names) await rm(path.join(this.productsDir, VARIANTS_FOLDER, name), { force: true });
  }
}

/** The wire form of pictures just stored, `paths` being what `save` answered for them. */
export const describeImages = (
  prepared: readonly PreparedImage[],
  paths: readonly string[],
): ProductImage[] => prepared.map((image, index) => ({ src: paths[index]!, ...image.variants.image }));

const thumbName = (name: string) => name.replace(/\.[a-z]+$/, '.webp');

/** The file name of an image we stored, from any of the path forms `imageUrl` accepts. */
export function storedName(stored: string): string | null {
  const url = imageUrl(stored);
  if (!url?.startsWith(PUBLIC_PREFIX)) return null;
  const name = url.slice(PUBLIC_PREFIX.length);
  return STORED_NAME.test(name) ? name : null;
}

/** Two ways of writing one image path name the same image. */
export const sameImage = (a: string, b: string) => imageUrl(a) === imageUrl(b);
