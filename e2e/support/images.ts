import { expect, type Locator } from '@playwright/test';
import sharp from 'sharp';

/** A camera-like JPEG: blurred grain, so it compresses as a photo does, not as a flat colour. */
export function cameraJpeg(width = 800, height = 600, { orientation }: { orientation?: number } = {}): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: '#2f7d3a', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
  })
    .blur(3)
    .jpeg({ quality: 90 });
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

/**
 * The image has arrived and decoded (a broken one has naturalWidth 0). Scrolled to on each try: a
 * lazy image loads only near the screen, and the page may draw the element anew (the visitor's
 * view of a plant comes first, then the owner's; a list refetched after a change), so each try
 * finds it again.
 */
export async function expectLoaded(image: Locator) {
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => {
        element.scrollIntoView({ block: 'nearest' });
        return element.complete ? element.naturalWidth : 0;
      }),
    )
    .toBeGreaterThan(0);
}
