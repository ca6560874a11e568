import { describe, expect, it } from 'vitest';
import { canSendAsIs, fitWithin, shrinkPhoto } from './shrink-photo';

describe('fitWithin', () => {
  it('brings the long edge down to 1600 px, keeping the proportions', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    // A panorama: the long edge decides, the short one follows (rounded).
    expect(fitWithin(12000, 1000)).toEqual({ width: 1600, height: 133 });
  });

  it('never enlarges a small photo', () => {
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('keeps at least one pixel on each side', () => {
    expect(fitWithin(100000, 10)).toEqual({ width: 1600, height: 1 });
  });

  it('takes another edge', () => {
    expect(fitWithin(1000, 500, 400)).toEqual({ width: 400, height: 200 });
  });
});

describe('canSendAsIs', () => {
  const jpeg = (size: number) => ({ size, type: 'image/jpeg' });
  it('sends a small photo of a type the server takes as it is', () => {
    expect(canSendAsIs(jpeg(300_000), 1600, 1200)).toBe(true);
    expect(canSendAsIs({ size: 200_000, type: 'image/webp' }, 800, 600)).toBe(true);
  });

  it('shrinks one that is too large in pixels or bytes, or of another type', () => {
    expect(canSendAsIs(jpeg(300_000), 1601, 1200)).toBe(false);
    expect(canSendAsIs(jpeg(2_000_000), 1600, 1200)).toBe(false);
    expect(canSendAsIs({ size: 100_000, type: 'image/gif' }, 100, 100)).toBe(false);
  });
});

describe('shrinkPhoto', () => {
  it('sends an image the browser cannot decode as it is, for the server to say why', async () => {
    // jsdom has no createImageBitmap, as Chromium cannot decode HEIC.
    const heic = new Blob(['ftypheic'], { type: 'image/heic' });
    expect(await shrinkPhoto(heic)).toBe(heic);
  });
});
