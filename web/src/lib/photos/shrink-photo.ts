import { PHOTO_CONTENT_TYPES, PHOTO_LIMITS } from '@model/photos';

/** The long edge the browser shrinks a photo to: the server keeps no more than this anyway. */
const SHRINK_EDGE = PHOTO_LIMITS.fullEdge;
/** A photo already this small, in a type the server takes, goes as it is. */
const SEND_AS_IS_BYTES = 1024 * 1024;
const JPEG_QUALITY = 0.85;

/**
 * The size to draw an image of `width` x `height` at so its long edge is at most `edge`, keeping
 * its proportions; never enlarged, never below one pixel.
 */
export function fitWithin(
  width: number,
  height: number,
  edge: number = SHRINK_EDGE,
): { width: number; height: number } {
  const scale = Math.min(1, edge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether a photo can go as it is: small in bytes and pixels, and of a type the server accepts. */
export function canSendAsIs(
  file: Pick<Blob, 'size' | 'type'>,
  width: number,
  height: number,
  edge: number = SHRINK_EDGE,
): boolean {
  return (
    (PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type) &&
    file.size <= SEND_AS_IS_BYTES &&
    Math.max(width, height) <= edge
  );
}

/**
 * The photo as it is best sent: turned upright by its EXIF orientation, its long edge at most
 * SHRINK_EDGE, as JPEG (every browser encodes it; Safari's canvas writes no WebP). A 12-megapixel
 * phone photo of 4 MB becomes about 300 KB, and leaves its EXIF (GPS position) behind. An image
 * the browser cannot decode (HEIC in Chromium) goes as it is, for the server to say why it cannot
 * take it.
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    if (canSendAsIs(file, bitmap.width, bitmap.height)) return file;
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) return file;
      context.drawImage(bitmap, 0, 0, width, height);
      return await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    return blob ?? file;
  } finally {
    bitmap.close();
  }
}
