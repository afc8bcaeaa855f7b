import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { LIMITS } from '@shop/common';
import type { OnecPicture } from '../../db/schema.js';
import type { ImageUpload } from '../products/images.js';
import { exchangePath } from './exchange-folder.js';
import { XmlRefused } from './xml-reader.js';

/** A picture a product names in the catalogue, as found in the exchange folder. */
export interface SentPicture {
  file: string;
  sha256: string;
}

/** The pictures a product names, checked and fingerprinted; a missing or oversized one refuses the file. */
export async function sentPictures(folder: string, names: readonly string[]): Promise<SentPicture[]> {
  const pictures: SentPicture[] = [];
  for (const file of names) {
    let where: string;
    try {
      where = exchangePath(folder, file);
    } catch {
      throw new XmlRefused(`picture ${file}: not a file name the exchange accepts`);
    }
    const size = (await stat(where).catch(() => undefined))?.size;
    if (size === undefined) throw new XmlRefused(`picture ${file} was not sent (mode=file)`);
    if (size > LIMITS.maxImageBytes)
      throw new XmlRefused(`picture ${file} is over ${LIMITS.maxImageBytes} bytes`);
    pictures.push({
      file,
      sha256: createHash('sha256')
        .update(await readFile(where))
        .digest('hex'),
    });
  }
  return pictures;
}

/** The product shows the pictures 1C sent last time, the same files with the same bytes, in order. */
export const samePictures = (stored: readonly OnecPicture[], sent: readonly SentPicture[]) =>
  stored.length === sent.length &&
  stored.every((picture, i) => picture.file === sent[i]!.file && picture.sha256 === sent[i]!.sha256);

export async function uploadsOf(folder: string, pictures: readonly SentPicture[]): Promise<ImageUpload[]> {
  return Promise.all(
    pictures.map(async ({ file }) => ({ filename: file, data: await readFile(exchangePath(folder, file)) })),
  );
}

/** What the link keeps of pictures just stored: the last `sent.length` of the product's pictures. */
export const storedPictures = (
  sent: readonly SentPicture[],
  productImages: readonly string[],
): OnecPicture[] =>
  sent.map((picture, i) => ({ ...picture, stored: productImages[productImages.length - sent.length + i]! }));
