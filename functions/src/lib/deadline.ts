import { FIRESTORE_DEADLINE_MS } from '../config/runtime';
import { HttpError } from './http-error';

export const DATABASE_UNAVAILABLE = 'The plant database is not answering right now. Please try again in a moment.';

/**
 * Firestore's client retries an unreachable backend for a long time. The API answers 503 after a
 * few seconds instead, so a user sees a message rather than a hang. The work itself cannot be
 * cancelled: a write that was slow rather than lost may still land after the 503.
 */
export async function withDeadline<T>(
  work: Promise<T>,
  ms = FIRESTORE_DEADLINE_MS,
  message = DATABASE_UNAVAILABLE,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(503, 'unavailable', message)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
