import { describe, expect, it, vi } from 'vitest';
import { COMPRESSION_OPTIONS, COMPRESSION_THRESHOLD_BYTES, compressImages } from './compress-images';

const fileOf = (name: string, bytes: number) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

describe('compressImages', () => {
  it('uploads small files as they are and compresses large ones with the upload options', async () => {
    const small = fileOf('small.jpg', 10_000);
    const large = fileOf('large.jpg', COMPRESSION_THRESHOLD_BYTES + 1);
    const compressor = vi.fn(async () => new Blob([new Uint8Array(100)], { type: 'image/jpeg' }));
    const result = await compressImages([small, large], compressor);
    expect(compressor).toHaveBeenCalledTimes(1);
    expect(compressor).toHaveBeenCalledWith(large, COMPRESSION_OPTIONS);
    expect(COMPRESSION_OPTIONS).toMatchObject({
      maxSizeMB: 1,
      initialQuality: 0.8,
      preserveExif: true,
      alwaysKeepResolution: true,
      useWebWorker: false,
    });
    expect(COMPRESSION_OPTIONS.maxWidthOrHeight).toBeUndefined();
    expect(result.files[0]).toBe(small);
    expect(result.files[1]?.name).toBe('large.jpg');
    expect(result.files[1]?.size).toBe(100);
    expect(result).toMatchObject({ compressed: 1, failed: 0 });
  });

  it('keeps the original when compression fails', async () => {
    const large = fileOf('large.jpg', COMPRESSION_THRESHOLD_BYTES + 10);
    const result = await compressImages([large], async () => {
      throw new Error('canvas');
    });
    expect(result.files[0]).toBe(large);
    expect(result).toMatchObject({ compressed: 0, failed: 1 });
  });
});
