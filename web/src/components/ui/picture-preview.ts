import { rgbaToDataURL, thumbHashToRGBA } from 'thumbhash';

/**
 * The preview's longest side in pixels. ThumbHash decodes to up to 32 px, an uncompressed PNG of
 * ~4 KB per picture in the page's HTML (38 KB on the home page, most of its size on a slow network);
 * at 8 px it is ~0.4 KB, and the browser's smooth scaling blurs it about as much.
 */
export const PREVIEW_SIDE = 8;

type Pixels = { w: number; h: number; rgba: Uint8Array };

/** Box-filters an RGBA image down so its longest side is at most `side` (never enlarged). */
export function shrink({ w, h, rgba }: Pixels, side: number): Pixels {
  const scale = Math.min(1, side / Math.max(w, h));
  const tw = Math.max(1, Math.round(w * scale));
  const th = Math.max(1, Math.round(h * scale));
  const out = new Uint8Array(tw * th * 4);
  for (let ty = 0; ty < th; ty += 1) {
    const [y0, y1] = [Math.floor((ty * h) / th), Math.floor(((ty + 1) * h) / th)];
    for (let tx = 0; tx < tw; tx += 1) {
      const [x0, x1] = [Math.floor((tx * w) / tw), Math.floor(((tx + 1) * w) / tw)];
      const sum = [0, 0, 0, 0];
      for (let y = y0; y < y1; y += 1)
        for (let x = x0; x < x1; x += 1)
          for (let c = 0; c < 4; c += 1) sum[c] = (sum[c] ?? 0) + (rgba[(y * w + x) * 4 + c] ?? 0);
      const count = (y1 - y0) * (x1 - x0);
      for (let c = 0; c < 4; c += 1) out[(ty * tw + tx) * 4 + c] = Math.round((sum[c] ?? 0) / count);
    }
  }
  return { w: tw, h: th, rgba: out };
}

const previews = new Map<string, string | null>();

/** A ThumbHash (base64) as a small PNG data URL, the same on the server and in the browser; null if malformed. */
export function previewOf(placeholder: string): string | null {
  const known = previews.get(placeholder);
  if (known !== undefined) return known;
  let url: string | null = null;
  try {
    const bytes = Uint8Array.from(atob(placeholder), (char) => char.charCodeAt(0));
    const { w, h, rgba } = shrink(thumbHashToRGBA(bytes), PREVIEW_SIDE);
    url = rgbaToDataURL(w, h, rgba);
  } catch {
    url = null;
  }
  previews.set(placeholder, url);
  return url;
}
