/**
 * A page seen before opens with the answers the service worker kept, while the worker asks the
 * server for them again (stale-while-revalidate, src/sw/sw.ts). When the server's answer differs
 * (a change made on another device), the worker says which one; the views showing it ask again
 * and draw the new answer, which the worker has kept by then. No worker (tests, `npm run dev`),
 * no announcements: the views simply never hear of one.
 *
 *   const { revision, takeRefresh } = useAnswerRevision(`/mango/${id}/events`);
 *   useEffect(() => {
 *     const refresh = takeRefresh(); // a re-read: on failure, leave the view as it is
 *     ...
 *   }, [id, revision, takeRefresh]);
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ANSWER_UPDATED_MESSAGE, USER_KEY_PARAM } from '@/sw/messages';

const EVENT = 'mango:answer-updated';
/** A path announced again this soon is not re-read: an answer that differed on every request would loop. */
const QUIET_MS = 10_000;
const announcedAt = new Map<string, number>();

/** A request's path and query, the query in one order and without the worker's own key parameter. */
export function answerPath(url: string): string {
  const parsed = new URL(url, window.location.origin);
  parsed.searchParams.delete(USER_KEY_PARAM);
  parsed.searchParams.sort();
  return `${parsed.pathname}${parsed.search}`;
}

/** Tells the views showing `url`'s answer that the server's copy has changed. */
export function announceUpdatedAnswer(url: string): void {
  const path = answerPath(url);
  const now = Date.now();
  if (now - (announcedAt.get(path) ?? -Infinity) < QUIET_MS) return;
  announcedAt.set(path, now);
  window.dispatchEvent(new CustomEvent<string>(EVENT, { detail: path }));
}

/**
 * Listens for the worker's word from the start (main.tsx calls it before the first render), so
 * an answer revalidated while the app loads is not missed.
 */
export function listenForUpdatedAnswers(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; meta?: string; payload?: { updatedURL?: string } } | null;
    if (data?.type === ANSWER_UPDATED_MESSAGE.type && data.meta === ANSWER_UPDATED_MESSAGE.meta && data.payload?.updatedURL) {
      announceUpdatedAnswer(data.payload.updatedURL);
    }
  });
}

export interface AnswerRevision {
  /** Goes up whenever the server's answer to the path changed: a dependency of the effect that reads it. */
  revision: number;
  /** Called once at the start of that effect: true when this read is such a re-read (its failure should leave the view as it is). */
  takeRefresh: () => boolean;
}

/**
 * The re-reads of a view that shows the answer to `path` (a request path, as the view asks for
 * it). `when` can decline one (say, once the user has paged on, a newer first page would take
 * their pages away); the next view is current anyway.
 */
export function useAnswerRevision(path: string | null, when: () => boolean = () => true): AnswerRevision {
  const [revision, setRevision] = useState(0);
  const pending = useRef(false);
  const accept = useRef(when);
  useEffect(() => {
    accept.current = when;
  });
  useEffect(() => {
    if (!path) return;
    const wanted = answerPath(path);
    const listener = (event: Event) => {
      if ((event as CustomEvent<string>).detail !== wanted || !accept.current()) return;
      pending.current = true;
      setRevision((n) => n + 1);
    };
    window.addEventListener(EVENT, listener);
    return () => window.removeEventListener(EVENT, listener);
  }, [path]);
  const takeRefresh = useCallback(() => {
    const refresh = pending.current;
    pending.current = false;
    return refresh;
  }, []);
  return { revision, takeRefresh };
}
