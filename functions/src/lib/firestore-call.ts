import { DATABASE_UNAVAILABLE, withDeadline } from './deadline';
import { HttpError } from './http-error';
import { errorFields, log } from './log';
import { noteReads } from './read-meter';

/** gRPC status codes with which Firestore says "not reachable now" rather than "you are wrong". */
const UNAVAILABLE_CODES = new Map([
  [4, 'DEADLINE_EXCEEDED'],
  [8, 'RESOURCE_EXHAUSTED'],
  [14, 'UNAVAILABLE'],
]);
/**
 * How a query answers while its composite index is missing, or still building after a deploy: the
 * view works again once it is built. Firestore's message holds the console link that creates it.
 */
const FAILED_PRECONDITION = 9;
/**
 * ABORTED: a transaction kept losing to others on the same documents (Firestore's client has
 * already retried it). Nothing of it was stored; the caller may simply try again.
 */
const ABORTED = 10;

const CONTENTION_MESSAGE =
  'Another request was changing the same thing at that moment, so nothing was changed. Please try again.';

/**
 * Every Firestore call of a repository: bounded by the deadline, an outage is a 503 and a lost
 * race a 409, never a 500, and what it read counts against the request (lib/read-meter.ts).
 * A refusal is logged once, here, where its code is still known: an index is an operator's to
 * build, an outage theirs to watch.
 */
export async function firestoreCall<T>(work: Promise<T>): Promise<T> {
  try {
    const result = await withDeadline(work);
    noteReads(result);
    return result;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (error instanceof HttpError || typeof code !== 'number') throw error;
    if (code === FAILED_PRECONDITION) {
      // Firestore's message whole: the link in it is what fixes an index.
      log.error(
        "Firestore answered FAILED_PRECONDITION: an index missing or still building (error.message links to it), or a write's precondition failed. Answered 503.",
        { error: errorFields(error) },
      );
      throw new HttpError(503, 'unavailable', DATABASE_UNAVAILABLE);
    }
    const status = UNAVAILABLE_CODES.get(code);
    if (status) {
      // No stack: it is the gRPC client's, and says nothing of which call it was.
      const { stack: _stack, ...fields } = errorFields(error);
      log.warn(`Firestore is not answering (${status}); answered 503.`, { error: fields });
      throw new HttpError(503, 'unavailable', DATABASE_UNAVAILABLE);
    }
    if (code === ABORTED) throw new HttpError(409, 'conflict', CONTENTION_MESSAGE);
    throw error;
  }
}

/**
 * gRPC codes of a commit whose preconditions failed: something it read was changed or deleted, or
 * something it creates was created, by another write since it was read.
 */
const LOST_RACE_CODES = new Set([5 /* NOT_FOUND */, 6 /* ALREADY_EXISTS */, 9 /* FAILED_PRECONDITION */]);

/** Whether a commit failed because another write came first (LOST_RACE_CODES): reading again and retrying may succeed. */
export const lostRace = (error: unknown): boolean =>
  LOST_RACE_CODES.has((error as { code?: unknown } | null)?.code as number);
