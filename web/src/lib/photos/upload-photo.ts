import type { Photo } from '@model/photos';
import { ApiError, NETWORK_MESSAGE, readAnswer } from '@/lib/api-client';
import { getIdToken } from '@/lib/auth';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { photosPath } from './list-photos';

const messages = defineMessages({
  signIn: { id: 'photos.upload.signIn', message: 'Please sign in to do that.' },
});

/** HTTP's names, not text. */
const ACCEPT_HEADER = 'Accept';
const AUTHORIZATION_HEADER = 'Authorization';
const CONTENT_TYPE_HEADER = 'Content-Type';
const JSON_TYPE = 'application/json';
const BEARER = 'Bearer';
/** The DOMException of a stopped upload, which nobody is shown: a stopped upload says nothing. */
const ABORT_ERROR = 'AbortError';
const STOPPED_MESSAGE = 'The upload was stopped.';

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
  if (!token) throw new ApiError(401, 'unauthenticated', translate(messages.signIn));
  const query = new URLSearchParams();
  if (caption?.trim()) query.set('caption', caption.trim());
  if (takenOn) query.set('takenOn', takenOn);
  const search = query.toString() ? `?${query}` : '';
  return new Promise<Photo>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${photosPath(plantId)}${search}`);
    xhr.setRequestHeader(ACCEPT_HEADER, JSON_TYPE);
    xhr.setRequestHeader(AUTHORIZATION_HEADER, `${BEARER} ${token}`);
    xhr.setRequestHeader(CONTENT_TYPE_HEADER, image.type);
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
    xhr.onabort = () => reject(new DOMException(STOPPED_MESSAGE, ABORT_ERROR));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(image);
  });
}
