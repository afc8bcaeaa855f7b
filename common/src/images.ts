/**
 * Where an image path points: a full URL as is, a path containing `uploads/`
 * from the site root, a bare file name under /uploads/products/.
 */
export function imageUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//i.test(path)) return path;
  const at = path.indexOf('uploads/');
  if (at >= 0) return `/${path.slice(at)}`;
  return `/uploads/products/${path}`;
}

/** The WebP thumbnail the server writes beside each uploaded image. */
export function thumbnailUrl(path: string | null | undefined): string | null {
  const url = imageUrl(path);
  if (!url || !url.startsWith('/uploads/products/')) return url;
  const name = url.slice('/uploads/products/'.length).replace(/\.[^./]+$/, '');
  return `/uploads/products/thumbs/${name}.webp`;
}
