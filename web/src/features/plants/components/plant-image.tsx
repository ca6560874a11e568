import { isSafeImageUrl } from '@model/validators';
import type { ImgHTMLAttributes } from 'react';

export const PLACEHOLDER_IMAGE = '/images/placeholder-plant.svg';

type PlantImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> & {
  src: string | null | undefined;
  alt: string;
};

/**
 * A plant's picture, or the one placeholder for a missing, broken or unsafe URL. Only http(s)
 * URLs and paths on this site are ever requested.
 */
export function PlantImage({ src, alt, onError, ...rest }: PlantImageProps) {
  const safe = src && isSafeImageUrl(src) ? src : PLACEHOLDER_IMAGE;
  return (
    <img
      src={safe}
      alt={alt}
      decoding="async"
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) event.currentTarget.src = PLACEHOLDER_IMAGE;
        onError?.(event);
      }}
      {...rest}
    />
  );
}
