import { useState, type ImgHTMLAttributes } from 'react';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
};

/** A missing path or a failed load shows the placeholder. */
export function ProductImage({ src, alt, ...rest }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = !src || failed === src ? PLACEHOLDER_IMAGE : src;
  return (
    <img
      {...rest}
      src={shown}
      alt={alt}
      decoding="async"
      onError={() => {
        if (src && shown !== PLACEHOLDER_IMAGE) setFailed(src);
      }}
    />
  );
}
