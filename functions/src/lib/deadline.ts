import { FIRESTORE_DEADLINE_MS } from '../config/runtime';
import { HttpError } from './http-error';

/**
 * Firestore's client retries an unreachable backend for a long time. The API answers 503 after a
 * few seconds instead, so a user sees a message rather than a hang.
 */
export async function withDeadline<T>(work: Promise<T>, ms = FIRESTORE_DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new HttpError(503, 'unavailable', 'The plant database is not answering right now. Please try again in a moment.'),
        ),
      ms,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
