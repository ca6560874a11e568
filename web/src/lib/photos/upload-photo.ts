import type { Photo } from '@model/photos';
import { ApiError, NETWORK_MESSAGE, readAnswer } from '@/lib/api-client';
import { getIdToken } from '@/lib/auth';
import { photosPath } from './list-photos';

export interface UploadPhotoOptions {
  caption?: string;
  /** YYYY-MM-DD; the server's day when absent. */
  takenOn?: string;
  /** The share of the bytes sent so far, 0 to 1. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /mango/:id/photos with the image's bytes as the body (its owner, or a member of the household it is shared with (not a sitter)). Through XMLHttpRequest,
 * not apiFetch: fetch reports no upload progress (Chromium does not stream request bodies over
 * HTTP/1.1), and a photo on a phone's network takes long enough to need a progress bar.
 */
export async function uploadPhoto(
  plantId: string,
  image: Blob,
  { caption, takenOn, onProgress, signal }: UploadPhotoOptions = {},
): Promise<Photo> {
  const token = await getIdToken();
  if (!token) throw new ApiError(401, 'unauthenticated', 'Please sign in to do that.');
  const query = new URLSearchParams();
  if (caption?.trim()) query.set('caption', caption.trim());
  if (takenOn) query.set('takenOn', takenOn);
  const search = query.toString() ? `?${query}` : '';
  return new Promise<Photo>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${photosPath(plantId)}${search}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', image.type);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        resolve(readAnswer<Photo>(xhr.status, xhr.responseText, 'POST'));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', NETWORK_MESSAGE));
    xhr.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(image);
  });
}
