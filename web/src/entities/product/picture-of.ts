import type { Product, ProductImage } from '@shop/common';

/** The sized copies of one of the product's stored pictures, when it has been converted. */
export const pictureOf = (
  product: Pick<Product, 'images'>,
  src: string | undefined,
): ProductImage | undefined =>
  src === undefined ? undefined : product.images?.find((image) => image.src === src);
