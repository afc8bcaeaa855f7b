import type { Options } from 'browser-image-compression';

/** Files under 500 KB go as they are; larger ones are compressed to about 1 MB. */
export const COMPRESSION_THRESHOLD_BYTES = 500 * 1024;

export const COMPRESSION_OPTIONS: Options = {
  maxSizeMB: 1,
  initialQuality: 0.8,
  preserveExif: true,
  // Dimensions are kept: no maxWidthOrHeight, and the resolution is never reduced.
  alwaysKeepResolution: true,
  // The worker would load its script from a CDN (stack-notes.md); compress on the main thread.
  useWebWorker: false,
};

export type Compressor = (file: File, options: Options) => Promise<File | Blob>;

/** Loaded with import() so the library ships only in the back-office chunk. */
async function loadCompressor(): Promise<Compressor> {
  const module = await import('browser-image-compression');
  return module.default;
}

export interface CompressionResult {
  files: File[];
  /** How many files went through the compressor successfully. */
  compressed: number;
  /** How many failed and were replaced by their originals. */
  failed: number;
}

export function needsCompression(file: File): boolean {
  return file.size >= COMPRESSION_THRESHOLD_BYTES;
}

/** Compress the large files; any failure keeps that file's original. */
export async function compressImages(
  files: readonly File[],
  compressor?: Compressor,
): Promise<CompressionResult> {
  const result: CompressionResult = { files: [], compressed: 0, failed: 0 };
  let compress: Compressor | undefined = compressor;
  for (const file of files) {
    if (!needsCompression(file)) {
      result.files.push(file);
      continue;
    }
    try {
      compress ??= await loadCompressor();
      const output = await compress(file, COMPRESSION_OPTIONS);
      const type = output.type || file.type;
      result.files.push(
        output instanceof File && output.name === file.name
          ? output
          : new File([output], file.name, { type }),
      );
      result.compressed += 1;
    } catch {
      result.files.push(file);
      result.failed += 1;
    }
  }
  return result;
}
