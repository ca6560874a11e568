import pLimit from 'p-limit';
import sharp from 'sharp';
import { HttpError } from '../lib/http-error';
import { PHOTO_CONTENT_TYPES, PHOTO_LIMITS } from '../model/photos';

/*
 * Every upload is decoded and encoded again, so what is served is an image the server made: upright,
 * at most PHOTO_LIMITS.fullEdge pixels on its long edge (and smaller ones of PHOTO_LIMITS.cardEdge and
 * thumbEdge), WebP, with no metadata at all. Photos are public, and a phone's EXIF carries where it was taken.
 */

// Every upload is a new image: libvips' cache of recent operations would only hold memory.
sharp.cache(false);

/** WebP quality of every rendition (docs/photos.md: sizes against JPEG). */
const WEBP_QUALITY = 80;

/** One encoded rendition. */
interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface RenderedPhoto {
  full: EncodedImage;
  card: EncodedImage;
  thumb: EncodedImage;
}

/**
 * Major brands of the ISO base media files (an `ftyp` box at byte 4) that hold HEIC or HEIF images,
 * the iPhone camera's default format.
 */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

const heicRefused = () =>
  new HttpError(
    415,
    'unsupported_media_type',
    "This photo is HEIC (the iPhone camera's format), which browsers cannot show. Send it as JPEG instead: on an iPhone, choose Settings > Camera > Formats > Most Compatible, or share the photo from the Photos app, which sends JPEG.",
  );
const notAnImage = () =>
  new HttpError(
    415,
    'unsupported_media_type',
    'That file is not a JPEG, PNG or WebP image. Choose a photo in one of those formats.',
  );
const tooManyPixels = (pixels?: number) =>
  new HttpError(
    413,
    'payload_too_large',
    `${pixels ? `This photo has ${(pixels / 1_000_000).toFixed(1)} megapixels; a` : 'A'} photo may have at most ${PHOTO_LIMITS.pixels / 1_000_000} megapixels. Make it smaller and try again.`,
  );

/** Whether the bytes are a HEIC or HEIF file, by its `ftyp` box. */
export function isHeif(bytes: Buffer): boolean {
  return (
    bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp' && HEIF_BRANDS.has(bytes.toString('latin1', 8, 12))
  );
}

/**
 * The format the bytes start as, by their signature: only these three are ever handed to the
 * decoder (libvips also reads SVG, TIFF, GIF and more, which an upload has no business with).
 */
export function sniffFormat(bytes: Buffer): 'jpeg' | 'png' | 'webp' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return undefined;
}

/**
 * Refuses, before any pixel is decoded, what the server will not store: HEIC (by its Content-Type
 * or its bytes), a Content-Type other than JPEG, PNG or WebP, bytes that are not one of those
 * (415), and more than PHOTO_LIMITS.pixels pixels (413, read from the image's header).
 */
export async function inspectPhoto(bytes: Buffer, contentType: string | undefined): Promise<void> {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (
    type === 'image/heic' ||
    type === 'image/heif' ||
    type === 'image/heic-sequence' ||
    type === 'image/heif-sequence' ||
    isHeif(bytes)
  )
    throw heicRefused();
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(type)) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Send the photo as its bytes, with the header Content-Type: image/jpeg, image/png or image/webp.',
    );
  }
  if (!sniffFormat(bytes)) throw notAnImage();
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes).metadata());
  } catch {
    throw notAnImage();
  }
  if (!width || !height) throw notAnImage();
  if (width * height > PHOTO_LIMITS.pixels) throw tooManyPixels(width * height);
}

/**
 * Photos decoded at once by one instance: one. A decode is CPU work (0.3 to 0.6 s for a 40 MP
 * image here) and the instance has one vCPU (config/runtime.ts), so a second decode at the same
 * time only holds a second image's pixels in memory. A bare process given 40 uploads of a 4.4 MB
 * 40 MP PNG at once peaked at 459 MB decoding one at a time and 552 MB two at a time.
 */
export const DECODES_AT_ONCE = 1;
/**
 * Uploads that may wait for their turn; more answer 503 at once, so none waits long: the worst
 * image takes about 0.8 s to decode and encode (the last waits ~3 s), a phone photo the app has
 * shrunk (1600 pixels) about 30 ms.
 */
export const MAX_WAITING = 4;
const decodes = pLimit(DECODES_AT_ONCE);

const busy = () =>
  new HttpError(
    503,
    'unavailable',
    'Many photos are being uploaded right now. Please try again in a few seconds.',
    undefined,
    { 'Retry-After': '5' },
  );

/**
 * The photo as it is stored and served, from bytes inspectPhoto accepted: turned upright by its
 * EXIF orientation, transparency flattened onto white (a photo has none, and it bounds the size:
 * docs/photos.md), at most fullEdge, cardEdge and thumbEdge pixels on the long edge (never enlarged), WebP.
 * sharp writes no metadata unless asked: no EXIF, GPS, XMP or ICC profile (colours are converted
 * to sRGB). The decoder's own pixel limit guards against a header that lied.
 *
 * The upload is decoded once, straight to the largest rendition's size (JPEG and WebP shrink while
 * they decode), and the three sizes are encoded from those pixels one after the other: the
 * memory of an upload is one decode and a 1600-pixel image, whatever its pixels. Decoding each
 * size from the upload, as three pipelines at once, took 222 MB at peak for the worst image
 * where this takes 131 MB (Node alone: 71 MB).
 */
export function renderPhoto(bytes: Buffer): Promise<RenderedPhoto> {
  if (decodes.pendingCount >= MAX_WAITING) return Promise.reject(busy());
  return decodes(() => render(bytes));
}

async function render(bytes: Buffer): Promise<RenderedPhoto> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: PHOTO_LIMITS.pixels, failOn: 'error' })
      .autoOrient()
      .resize(PHOTO_LIMITS.fullEdge, PHOTO_LIMITS.fullEdge, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const encode = async (edge: number): Promise<EncodedImage> => {
      const { data: encoded, info: size } = await sharp(data, {
        raw: { width: info.width, height: info.height, channels: info.channels },
      })
        .resize(edge, edge, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return { data: encoded, width: size.width, height: size.height };
    };
    const full = await encode(PHOTO_LIMITS.fullEdge);
    const card = await encode(PHOTO_LIMITS.cardEdge);
    const thumb = await encode(PHOTO_LIMITS.thumbEdge);
    return { full, card, thumb };
  } catch (error) {
    if (/pixel limit/i.test((error as Error | null)?.message ?? '')) throw tooManyPixels();
    throw notAnImage();
  }
}
