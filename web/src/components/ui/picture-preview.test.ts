import { describe, expect, it } from 'vitest';
import { PREVIEW_SIDE, previewOf, shrink } from './picture-preview';

const pngSize = (url: string) => {
  const bytes = Uint8Array.from(atob(url.replace('data:image/png;base64,', '')), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  return { width: view.getUint32(16), height: view.getUint32(20), bytes: bytes.length };
};

describe('picture preview', () => {
  it('averages each box: a left-red, right-blue 32 × 24 image becomes 8 × 6 with the same halves', () => {
    const [w, h] = [32, 24];
    const rgba = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i += 1) rgba.set(i % w < 16 ? [255, 0, 0, 255] : [0, 0, 255, 255], i * 4);
    const small = shrink({ w, h, rgba }, PREVIEW_SIDE);
    expect([small.w, small.h]).toEqual([8, 6]);
    expect([...small.rgba.slice(0, 4)]).toEqual([255, 0, 0, 255]);
    expect([...small.rgba.slice(7 * 4, 8 * 4)]).toEqual([0, 0, 255, 255]);
  });

  it('never enlarges a picture smaller than the preview', () => {
    const small = shrink({ w: 4, h: 3, rgba: new Uint8Array(48).fill(9) }, PREVIEW_SIDE);
    expect([small.w, small.h]).toEqual([4, 3]);
  });

  it('paints a stored ThumbHash as a PNG of at most 8 px a side, keeping the aspect, in well under 1 KB', () => {
    const url = previewOf('sxgKDYLIt4ePhnZ+dSanhyeEcDII');
    expect(url).toMatch(/^data:image\/png;base64,/);
    const size = pngSize(url!);
    expect([size.width, size.height]).toEqual([8, 6]);
    expect(url!.length).toBeLessThan(600);
  });

  it('gives no preview for a malformed placeholder', () => {
    expect(previewOf('not base64!')).toBeNull();
  });
});
