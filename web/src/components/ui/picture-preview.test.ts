import { describe, expect, it } from 'vitest';
import { rgbaToThumbHash, thumbHashToRGBA } from 'thumbhash';
import { decodePreview, previewOf } from './picture-preview';

const pngSize = (url: string) => {
  const bytes = Uint8Array.from(atob(url.replace('data:image/png;base64,', '')), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  return { width: view.getUint32(16), height: view.getUint32(20), bytes: bytes.length };
};

/** A ThumbHash of a patterned picture `w` × `h` (at most 100 a side), opaque or not. */
function hashOf(w: number, h: number, opaque: boolean, seed: number) {
  const rgba = new Uint8Array(w * h * 4);
  for (let i = 0; i < rgba.length; i += 1) rgba[i] = (i * 7 * seed + (i >> 6) * 13 + (i >> 9) * 31) & 255;
  if (opaque) for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  return rgbaToThumbHash(w, h, rgba);
}

describe('picture preview', () => {
  it("draws exactly what ThumbHash's own decoder draws, at its 32 px", () => {
    const shapes = [
      [100, 75, true],
      [60, 100, true],
      [80, 80, false],
      [99, 33, false],
    ] as const;
    for (const [w, h, opaque] of shapes) {
      for (const seed of [1, 2, 3]) {
        const hash = hashOf(w, h, opaque, seed);
        const library = thumbHashToRGBA(hash);
        const ours = decodePreview(hash, 32);
        expect([ours.w, ours.h], `${w}×${h}`).toEqual([library.w, library.h]);
        expect([...ours.rgba], `${w}×${h}`).toEqual([...library.rgba]);
      }
    }
  });

  it('paints a stored ThumbHash as a PNG of at most 8 px a side, keeping the aspect, in well under 1 KB', () => {
    const url = previewOf('sxgKDYLIt4ePhnZ+dSanhyeEcDII');
    expect(url).toMatch(/^data:image\/png;base64,/);
    const size = pngSize(url!);
    expect([size.width, size.height]).toEqual([8, 6]);
    expect(url!.length).toBeLessThan(600);
    const portrait = decodePreview(hashOf(60, 100, true, 1), 8);
    expect(Math.max(portrait.w, portrait.h)).toBe(8);
    expect(portrait.w).toBeLessThan(portrait.h);
  });

  it('gives no preview for a malformed placeholder', () => {
    expect(previewOf('not base64!')).toBeNull();
  });
});
