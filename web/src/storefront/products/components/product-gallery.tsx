import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { imageUrl, thumbnailUrl, type Product } from '@shop/common';
import { ProductImage } from '../../../components/ui/product-image';
import { ResponsivePicture } from '../../../components/ui/responsive-picture';
import { pictureOf } from '../../../entities/product/picture-of';
import { useProductText } from '../../../entities/product/product-text';
import type { PriceView } from '../../../entities/product/price-view';

/** The product's pictures: the chosen one large with the new and sale badges, the others as thumbnails. */
export function ProductGallery({
  product,
  view,
  start = 0,
}: {
  product: Product;
  view: PriceView;
  /** The picture shown first: a chosen variant's photo. */
  start?: number;
}) {
  const { t } = useTranslation(['storefront', 'common']);
  const text = useProductText();
  const [activeImage, setActiveImage] = useState(start);
  const images = product.productImages;
  return (
    <section aria-label={t('product.gallery')}>
      {/* The box has a photo's usual 4:3 and the photo covers it: no white bands around it. */}
      <div className="relative overflow-hidden rounded-xl border border-stone-200 bg-white">
        <ResponsivePicture
          picture={pictureOf(product, images[activeImage])}
          fallbackSrc={imageUrl(images[activeImage])}
          alt={text.name(product)}
          sizes="(min-width: 1024px) 600px, (min-width: 768px) 50vw, 100vw"
          width={800}
          height={600}
          fetchPriority="high"
          className="aspect-[4/3] w-full bg-stone-100 object-cover"
        />
        <div className="absolute left-3 top-3 flex flex-col gap-1">
          {product.isNewProduct && (
            <span className="rounded bg-emerald-700 px-2 py-1 text-xs font-semibold text-white">
              {t('product.newArrival')}
            </span>
          )}
          {view.discountedPrice !== null && (
            <span className="rounded bg-red-700 px-2 py-1 text-xs font-semibold text-white">
              {t('product.discountBadge', { percent: view.percent })}
            </span>
          )}
        </div>
      </div>
      {images.length > 1 && (
        <ul className="mt-3 grid auto-cols-[calc((100%-2.25rem)/4)] grid-flow-col gap-3 overflow-x-auto pb-1">
          {images.map((path, index) => (
            <li key={path}>
              <button
                type="button"
                onClick={() => setActiveImage(index)}
                aria-label={t('product.showImage', { number: index + 1 })}
                aria-pressed={index === activeImage}
                className={`block w-full overflow-hidden rounded-lg border-2 ${index === activeImage ? 'border-brand-700' : 'border-transparent'}`}
              >
                <ProductImage
                  src={thumbnailUrl(path)}
                  alt=""
                  width={150}
                  height={150}
                  loading="lazy"
                  className="aspect-square w-full bg-stone-100 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
