import { isSafeImageUrl } from '@model/validators';
import type { ImgHTMLAttributes } from 'react';

export const PLACEHOLDER_IMAGE = '/images/placeholder-plant.svg';

/**
 * `sizes` for a card in the app's card grids (1, 2, 3 then 4 columns). index.html's early request
 * for All Plants' first photo names the same (a test keeps them equal).
 */
export const CARD_GRID_SIZES = '(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** `sizes` for the photo atop a plant's page; index.html's early request names the same. */
export const PLANT_PAGE_SIZES = '(min-width: 1024px) 560px, 100vw';

/**
 * The smaller sizes of an uploaded photo, when `src` is one (`thumbUrl`, 400 px, and `cardUrl`,
 * 800 px: a card's width on a phone): the browser then picks one of them or the photo (1600 px) by
 * `sizes`, the width the image is shown at, and the screen's pixel density.
 */
interface Renditions {
  thumbUrl?: string | null;
  cardUrl?: string | null;
}

type ImageAttributes = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'srcSet'>;

type PlantImageProps = ImageAttributes &
  (
    | (Renditions & { src: string | null | undefined; alt: string; plant?: never })
    | {
        /** A plant's own picture and its renditions; `alt` is its name unless given. */
        plant: Renditions & { image?: string | null; plantName: string };
        alt?: string;
        src?: never;
        thumbUrl?: never;
        cardUrl?: never;
      }
  );

/**
 * A plant's picture, or the one placeholder for a missing, broken or unsafe URL. Only http(s)
 * URLs and paths on this site are ever requested. Lazy unless `loading` says otherwise.
 */
export function PlantImage({
  plant,
  src = plant?.image,
  alt = plant?.plantName ?? '',
  thumbUrl = plant?.thumbUrl,
  cardUrl = plant?.cardUrl,
  sizes,
  loading = 'lazy',
  onError,
  ...rest
}: PlantImageProps) {
  const safe = src && isSafeImageUrl(src) ? src : PLACEHOLDER_IMAGE;
  const smaller: string[] = [];
  if (safe === src) {
    if (thumbUrl && isSafeImageUrl(thumbUrl)) smaller.push(`${thumbUrl} 400w`);
    if (cardUrl && isSafeImageUrl(cardUrl)) smaller.push(`${cardUrl} 800w`);
  }
  const srcSet = smaller.length ? [...smaller, `${src} 1600w`].join(', ') : undefined;
  return (
    <img
      src={safe}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? '100vw') : undefined}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={(event) => {
        const image = event.currentTarget;
        if (!image.src.endsWith(PLACEHOLDER_IMAGE)) {
          // srcset wins over src: without it the placeholder shows.
          image.removeAttribute('srcset');
          image.src = PLACEHOLDER_IMAGE;
        }
        onError?.(event);
      }}
      {...rest}
    />
  );
}
