import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** A real image file of the given format, drawn by sharp (a flat colour, or noise to make it big). */
export async function makeImage(
  format: ImageFormat,
  { width = 64, height = 48, noise = false }: { width?: number; height?: number; noise?: boolean } = {},
): Promise<Buffer> {
  const image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 180, g: 120, b: 60 },
      ...(noise && { noise: { type: 'gaussian' as const, mean: 128, sigma: 60 } }),
    },
  });
  return image.toFormat(format).toBuffer();
}

/** Every file under a folder (relative paths, sorted); an absent folder has none. */
export async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
