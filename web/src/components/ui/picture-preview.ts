import { rgbaToDataURL, thumbHashToApproximateAspectRatio } from 'thumbhash';

/**
 * The preview's longest side in pixels. ThumbHash draws 32 px, an uncompressed PNG of ~4 KB per
 * picture in the page's HTML (38 KB on the home page, most of its size on a slow network); at 8 px
 * it is ~0.4 KB, and the browser's smooth scaling blurs it about as much.
 */
export const PREVIEW_SIDE = 8;

type Pixels = { w: number; h: number; rgba: Uint8Array };

/**
 * ThumbHash's decoder (the `thumbhash` package's `thumbHashToRGBA`, MIT, Evan Wallace) drawing
 * `side` pixels on the longest side instead of its fixed 32: a sixteenth of the work. Every picture
 * of a page is decoded while it hydrates, mostly in code not yet optimized: ~1 ms each at 32 px
 * on a desktop, four times that on a slow phone (decision 027, fourth pass).
 */
export function decodePreview(hash: Uint8Array, side: number): Pixels {
  const { PI, min, max, cos, round } = Math;
  const byte = (index: number) => hash[index] ?? 0;
  const header24 = byte(0) | (byte(1) << 8) | (byte(2) << 16);
  const header16 = byte(3) | (byte(4) << 8);
  const lDc = (header24 & 63) / 63;
  const pDc = ((header24 >> 6) & 63) / 31.5 - 1;
  const qDc = ((header24 >> 12) & 63) / 31.5 - 1;
  const lScale = ((header24 >> 18) & 31) / 31;
  const hasAlpha = header24 >> 23 === 1;
  const pScale = ((header16 >> 3) & 63) / 63;
  const qScale = ((header16 >> 9) & 63) / 63;
  const isLandscape = header16 >> 15 === 1;
  const lx = max(3, isLandscape ? (hasAlpha ? 5 : 7) : header16 & 7);
  const ly = max(3, isLandscape ? header16 & 7 : hasAlpha ? 5 : 7);
  const aDc = hasAlpha ? (byte(5) & 15) / 15 : 1;
  const aScale = (byte(5) >> 4) / 15;

  // The varying factors (saturation boosted 1.25× against the quantization, as the library does).
  let acIndex = 0;
  const acStart = hasAlpha ? 6 : 5;
  const channel = (nx: number, ny: number, scale: number) => {
    const ac: number[] = [];
    for (let cy = 0; cy < ny; cy += 1)
      for (let cx = cy ? 0 : 1; cx * ny < nx * (ny - cy); cx += 1, acIndex += 1)
        ac.push((((byte(acStart + (acIndex >> 1)) >> ((acIndex & 1) << 2)) & 15) / 7.5 - 1) * scale);
    return ac;
  };
  const lAc = channel(lx, ly, lScale);
  const pAc = channel(3, 3, pScale * 1.25);
  const qAc = channel(3, 3, qScale * 1.25);
  const aAc = hasAlpha ? channel(5, 5, aScale) : [];

  const ratio = thumbHashToApproximateAspectRatio(hash);
  const w = max(1, round(ratio > 1 ? side : side * ratio));
  const h = max(1, round(ratio > 1 ? side / ratio : side));
  const rgba = new Uint8Array(w * h * 4);
  const fx: number[] = [];
  const fy: number[] = [];
  /** One channel's AC terms at the pixel whose cosines are in fx and fy. */
  const sum = (rows: number, ac: number[], columns: (cy: number) => number) => {
    let total = 0;
    for (let cy = 0, j = 0; cy < rows; cy += 1) {
      const fy2 = (fy[cy] ?? 0) * 2;
      for (let cx = cy ? 0 : 1; cx < columns(cy); cx += 1, j += 1)
        total += (ac[j] ?? 0) * (fx[cx] ?? 0) * fy2;
    }
    return total;
  };
  for (let y = 0, i = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1, i += 4) {
      for (let cx = 0, n = max(lx, hasAlpha ? 5 : 3); cx < n; cx += 1)
        fx[cx] = cos((PI / w) * (x + 0.5) * cx);
      for (let cy = 0, n = max(ly, hasAlpha ? 5 : 3); cy < n; cy += 1)
        fy[cy] = cos((PI / h) * (y + 0.5) * cy);
      const l = lDc + sum(ly, lAc, (cy) => Math.ceil((lx * (ly - cy)) / ly));
      const p = pDc + sum(3, pAc, (cy) => 3 - cy);
      const q = qDc + sum(3, qAc, (cy) => 3 - cy);
      const a = hasAlpha ? aDc + sum(5, aAc, (cy) => 5 - cy) : aDc;
      const b = l - (2 / 3) * p;
      const r = (3 * l - b + q) / 2;
      const g = r - q;
      rgba[i] = max(0, 255 * min(1, r));
      rgba[i + 1] = max(0, 255 * min(1, g));
      rgba[i + 2] = max(0, 255 * min(1, b));
      rgba[i + 3] = max(0, 255 * min(1, a));
    }
  }
  return { w, h, rgba };
}

const previews = new Map<string, string | null>();

/** A ThumbHash (base64) as a small PNG data URL, the same on the server and in the browser; null if malformed. */
export function previewOf(placeholder: string): string | null {
  const known = previews.get(placeholder);
  if (known !== undefined) return known;
  let url: string | null = null;
  try {
    const bytes = Uint8Array.from(atob(placeholder), (char) => char.charCodeAt(0));
    const { w, h, rgba } = decodePreview(bytes, PREVIEW_SIDE);
    url = rgbaToDataURL(w, h, rgba);
  } catch {
    url = null;
  }
  previews.set(placeholder, url);
  return url;
}
