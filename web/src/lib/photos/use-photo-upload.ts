import { PHOTO_LIMITS, type Photo } from '@model/photos';
import { localToday } from '@model/schedule';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { apiErrorSentence, type CodeSentences } from '@/lib/use-api-error';
import { uploadPhoto, type UploadPhotoOptions } from './upload-photo';
import { shrinkPhoto } from './shrink-photo';

export type UploadState =
  | { status: 'idle' }
  /** Shrinking the photo in the browser. */
  | { status: 'preparing' }
  /** Offline: it goes as soon as the browser is back online. */
  | { status: 'waiting' }
  /** `progress`: the share of the bytes sent, 0 to 1. */
  | { status: 'sending'; progress: number }
  | { status: 'failed'; message: string }
  | { status: 'done'; photo: Photo };

type Job = { plantId: string; file: Blob; options: Pick<UploadPhotoOptions, 'caption' | 'takenOn'> };

const messages = defineMessages({
  failed: { id: 'photos.upload.failed', message: 'The photo could not be uploaded. Please try again.' },
  full: {
    id: 'photos.upload.full',
    message: 'This plant already has {count} photos, the most one plant can keep. Delete a photo to add another.',
  },
  tooLarge: {
    id: 'photos.upload.tooLarge',
    message:
      'The photo is too large: a photo may be at most {megabytes} MB and {megapixels} megapixels. Make it smaller and try again.',
  },
  notAPhoto: {
    id: 'photos.upload.notAPhoto',
    message:
      'That file is not a JPEG, PNG or WebP image. Choose a photo in one of those formats (an iPhone sends JPEG with Settings > Camera > Formats > Most Compatible).',
  },
});

/** The web's sentence for each refusal the user can act on, by the server's code. */
const REFUSALS: CodeSentences = {
  quota_exceeded: messages.full,
  payload_too_large: messages.tooLarge,
  unsupported_media_type: messages.notAPhoto,
};

/**
 * The sentence for a failed upload. The server says why with its own figures (too large, not a
 * photo, 20 already...): in English its sentence; in another language the web's for its code
 * (apiErrorSentence).
 */
function uploadFailure(error: unknown): string {
  if (!(error instanceof ApiError) || !error.message) return translate(messages.failed);
  return apiErrorSentence(error, REFUSALS, {
    count: PHOTO_LIMITS.perPlant,
    megabytes: PHOTO_LIMITS.bytes / 1024 / 1024,
    megapixels: PHOTO_LIMITS.pixels / 1_000_000,
  });
}

/** Sends that fail to reach the server while the browser says it is online, tried again a second apart. */
const NETWORK_RETRIES = 3;
const NETWORK_RETRY_MS = 1000;

function whenOnline(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (navigator.onLine) return resolve();
    const done = () => {
      window.removeEventListener('online', done);
      if (signal.aborted) reject(signal.reason);
      else resolve();
    };
    window.addEventListener('online', done);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * One photo upload at a time, with what the user needs to see: preparing (shrinking), waiting for
 * the network, the share sent, and a failure's sentence with `retry`, which sends the same photo
 * to the same plant again (or another file, when given). It is a write, so it stays outside the
 * loaders' model; the caller invalidates what the photo changed.
 */
export function usePhotoUpload() {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const job = useRef<Job | null>(null);
  const stop = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    stop.current = controller;
    return () => controller.abort();
  }, []);

  const run = useCallback(async (): Promise<Photo | null> => {
    const current = job.current;
    if (!current) return null;
    const signal = stop.current.signal;
    try {
      setState({ status: 'preparing' });
      const image = await shrinkPhoto(current.file);
      let networkRetries = 0;
      for (;;) {
        if (!navigator.onLine) {
          setState({ status: 'waiting' });
          await whenOnline(signal);
        }
        setState({ status: 'sending', progress: 0 });
        try {
          const photo = await uploadPhoto(current.plantId, image, {
            ...current.options,
            signal,
            onProgress: (progress) => setState({ status: 'sending', progress }),
          });
          setState({ status: 'done', photo });
          return photo;
        } catch (error) {
          if (signal.aborted || !(error instanceof ApiError) || error.status !== 0) throw error;
          // The network went away mid-way: wait for it and send again.
          if (!navigator.onLine) continue;
          // The browser says online (its 'online' event comes when the link is up, not always the
          // route to the server): a few more tries before the user is asked to retry.
          if (networkRetries >= NETWORK_RETRIES) throw error;
          networkRetries += 1;
          await new Promise((resolve) => setTimeout(resolve, NETWORK_RETRY_MS));
        }
      }
    } catch (error) {
      if (signal.aborted) return null;
      setState({ status: 'failed', message: uploadFailure(error) });
      return null;
    }
  }, []);

  const upload = useCallback(
    (plantId: string, file: Blob, options: Job['options'] = {}) => {
      // The user's own day, as a watering is dated: the server's is UTC.
      job.current = { plantId, file, options: { ...options, takenOn: options.takenOn ?? localToday() } };
      return run();
    },
    [run],
  );

  /** Sends the last photo again, or `file` instead, to the same plant. */
  const retry = useCallback(
    (file?: Blob) => {
      if (job.current && file) job.current = { ...job.current, file };
      return run();
    },
    [run],
  );

  const reset = useCallback(() => {
    job.current = null;
    setState({ status: 'idle' });
  }, []);

  const busy = state.status === 'preparing' || state.status === 'waiting' || state.status === 'sending';
  return { state, busy, upload, retry, reset };
}
