import { useContext, useState, type CSSProperties } from 'react';
import type { ProductImage as Picture } from '@shop/common';
import { RenderTimeContext } from '../../lib/render-time';
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

/**
 * The blurred preview as a data URL, or null where there is none to draw. A picture the server drew
 * is not decoded again while the browser hydrates it (up to a page of them, four times slower on a
 * slow phone): hydration keeps attributes as the server wrote them (decision 027), preview included.
 */
function usePreview(placeholder: string | undefined): string | null {
  const hydrating = useContext(RenderTimeContext) !== null && typeof document !== 'undefined';
  const [drawnByServer] = useState(hydrating ? placeholder : undefined);
  if (!placeholder || placeholder === drawnByServer) return null;
  return previewOf(placeholder);
}

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
  const preview = usePreview(picture?.placeholder);
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
