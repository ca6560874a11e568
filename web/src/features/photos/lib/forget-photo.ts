import type { Photo } from '@model/photos';
import { IMAGE_CACHE } from '@/sw/messages';

/**
 * Forgets a deleted photo's images (its full, card and thumbnail sizes), so neither the app nor its
 * service worker shows it again: the worker's copies (IMAGE_CACHE, served cache first) are
 * deleted, and each size is asked for once more with `cache: 'reload'`, because the browser's HTTP
 * cache may hold it too (for as long as the image's Cache-Control allowed when it was fetched,
 * whether through the worker or before it controlled the page). The server now answers 404, and the
 * browser drops its copy. Never fails: the photo is deleted either way.
 */
export async function forgetPhoto(photo: Pick<Photo, 'url' | 'cardUrl' | 'thumbUrl'>): Promise<void> {
  const images = [photo.url, photo.cardUrl, photo.thumbUrl].map((url) => new URL(url, window.location.origin).href);
  try {
    if ('caches' in window && (await caches.has(IMAGE_CACHE))) {
      const cache = await caches.open(IMAGE_CACHE);
      await Promise.all(images.map((url) => cache.delete(url, { ignoreVary: true })));
    }
    await Promise.all(images.map((url) => fetch(url, { cache: 'reload' })));
  } catch {
    // Offline, or storage refused (private mode): what could be forgotten was.
  }
}
