import type { CSSProperties } from 'react';
import type { ProductImage as Picture } from '@shop/common';
import { ProductImage } from './product-image';
import { previewOf } from './picture-preview';

type Props = {
  /** The picture's sized copies; absent for one not converted yet (then the stored file is shown). */
  picture: Picture | undefined;
  fallbackSrc: string | null | undefined;
  alt: string;
  /** How wide the picture is drawn, for the browser to pick a copy (`sizes`). */
  sizes: string;
  className?: string;
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'low' | 'auto';
  /** The box's size when there is no picture to take it from. */
  width: number;
  height: number;
};

const largest = (srcset: string) => srcset.split(',').at(-1)?.trim().split(' ')[0];

/** A product photo as AVIF or WebP at the width the screen needs, with a blurred preview while it loads. */
export function ResponsivePicture({
  picture,
  fallbackSrc,
  alt,
  sizes,
  className,
  loading,
  fetchPriority,
  width,
  height,
}: Props) {
  if (!picture) {
    return (
      <ProductImage
        src={fallbackSrc}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        className={className}
      />
    );
  }
  const preview = previewOf(picture.placeholder);
  const style: CSSProperties | undefined = preview
    ? { backgroundImage: `url(${preview})`, backgroundSize: 'cover', backgroundPosition: 'center' }
    : undefined;
  return (
    <picture>
      <source type="image/avif" srcSet={picture.avif} sizes={sizes} />
      <source type="image/webp" srcSet={picture.webp} sizes={sizes} />
      <img
        src={largest(picture.webp)}
        alt={alt}
        width={picture.width}
        height={picture.height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={className}
        style={style}
      />
    </picture>
  );
}
