/**
 * The one model of server data in the browser: the data router's own loaders, fetchers and
 * revalidation (docs/decisions/server-state.md, docs/decisions/write-model.md). A route says what
 * its page needs in one place, its loader, made with `serverData`:
 *
 *   export const { loader, shouldRevalidate } = serverData(({ read }) => ({
 *     stats: settle(read('/mango/stats', (signal) => getStats(signal))),
 *   }));
 *
 * `read` asks for an API path and notes that the page shows its answer. The router loads the page
 * again when something may have changed what it shows:
 *   - a change of user (sign-in, sign-out): every loader on the page;
 *   - a change made here, told to the model with `changed` (lib/server-changes.ts, the one way
 *     every view takes in its own changes): what the server answered the change with (the plant
 *     as stored, a plant gone) is laid over every answer asked for before it (`useChanges`), at
 *     once and without a request, and the answer paths it names are read again: only in the
 *     routes that read them, and of their answers only those (the others are taken as they are);
 *   - Try again and a new day: `refresh()`, every answer of the page, or `refresh(paths)`;
 *   - the service worker's word that an answer it showed from its cache has changed on the server
 *     (workbox-broadcast-update, src/sw/sw.ts): the same, quietly: a path at most once in 10 s,
 *     never the first page of a list the user has paged on (`markPaged`), and a failed re-read
 *     keeps the answer shown.
 *
 * On arrival at a page a loader hands over promises, so the page draws at once with its loading
 * state (`useAnswer` under Suspense); once the page is showing (another view of it, a re-read) they
 * are waited for, so the page stays as it is, marked as updating, until they are in.
 */
import { use } from 'react';
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { ANSWER_UPDATED_MESSAGE, USER_KEY_PARAM } from '@/sw/messages';

/** What a loader hands its page: the answer, or on arrival at the page the promise of it. */
export type Answer<T> = T | Promise<T>;

/** A read that failed is data too: the page says why, with the rest of it still there. */
export type Settled<T> = { ok: true; data: T } | { ok: false; error: unknown };

interface DataRouter {
  revalidate: () => Promise<void>;
  state: { initialized: boolean; location: { pathname: string } };
}

let router: DataRouter | undefined;

/** The router the app runs on (app/router.tsx; tests connect theirs). */
export function connectRouter(dataRouter: DataRouter | undefined): void {
  router = dataRouter;
}

/**
 * A request's path and query, the query in one order and without the worker's own key parameter.
 * Only the path and query count, so a path is read against a placeholder origin: the answer needs
 * no window (a loader still running after its page has gone, at build time, in the worker).
 */
export function answerPath(url: string): string {
  const parsed = new URL(url, 'http://answer.invalid');
  parsed.searchParams.delete(USER_KEY_PARAM);
  parsed.searchParams.sort();
  return `${parsed.pathname}${parsed.search}`;
}

/*
 * When each answer was asked for, counted in changes made here (`changed`, lib/server-changes.ts):
 * an answer asked for before a change cannot carry it, one asked for after does.
 */
let changesMade = 0;
const askedAt = new WeakMap<object, number>();

function noteAsked(answer: Promise<unknown>): void {
  const at = changesMade;
  answer.then(
    (data) => {
      if (typeof data === 'object' && data !== null) askedAt.set(data, at);
    },
    () => undefined,
  );
}

/** Counts a change made here; its number. */
export const countChange = (): number => ++changesMade;

/** How many changes had been made when `answer` (what a read answered) was asked for; undefined for anything else. */
export const changesBefore = (answer: object): number | undefined => askedAt.get(answer);

/** The paths being read again now, each with whether the re-read is quiet (a failure keeps what is shown). */
const rereading = new Map<string, boolean>();

/**
 * Reads the page shown again: without `paths` every answer of it (Try again, a new day), else the
 * answers to `paths` in the routes that show them, and only those. A quiet re-read (the worker's
 * word) that fails leaves the page as it was; any other says why.
 */
export async function refresh(paths?: readonly string[], { quiet = false } = {}): Promise<void> {
  if (!router) return;
  if (!paths) return router.revalidate();
  // No path named, nothing to read: a revalidation with no changed path would read the whole page.
  if (paths.length === 0) return;
  const keys = paths.map(answerPath);
  for (const key of keys) if (!rereading.get(key)) rereading.set(key, quiet);
  try {
    await router.revalidate();
  } finally {
    for (const key of keys) rereading.delete(key);
  }
}

/** A path announced again this soon is not re-read: an answer that differed on every request would loop. */
const QUIET_MS = 10_000;
const announcedAt = new Map<string, number>();
/** First pages of lists the user has paged on: a newer one would take their pages away. */
const paged = new Set<string>();

/** The worker says the server's answer to `url` differs from the one it showed. */
export function announceUpdatedAnswer(url: string): void {
  const path = answerPath(url);
  const now = Date.now();
  if (now - (announcedAt.get(path) ?? -Infinity) < QUIET_MS) return;
  announcedAt.set(path, now);
  if (!paged.has(path)) void refresh([path], { quiet: true });
}

/**
 * Listens for the worker's word from the start (main.tsx calls it before the first render), so an
 * answer revalidated while the app loads is not missed. No worker (tests, `npm run dev`), no word.
 */
export function listenForUpdatedAnswers(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; meta?: string; payload?: { updatedURL?: string } } | null;
    if (
      data?.type === ANSWER_UPDATED_MESSAGE.type &&
      data.meta === ANSWER_UPDATED_MESSAGE.meta &&
      data.payload?.updatedURL
    ) {
      announceUpdatedAnswer(data.payload.updatedURL);
    }
  });
}

/** Marks the list whose first page is `path` as paged on (Show more), or no longer (`false`). */
export function markPaged(path: string, on = true): void {
  if (on) paged.add(answerPath(path));
  else paged.delete(answerPath(path));
}

export interface ReadOptions {
  /** Tells two reads of one path apart (a plant as a visitor sees it, and as its owner does). */
  as?: string;
  /** The same answer for every view of the page (filter options): asked for on arrival, and again only when it changed. */
  once?: boolean;
}

export interface ServerDataArgs extends LoaderFunctionArgs {
  /** Asks for `path` (through `fetch`, given the request's signal) and notes that the page shows its answer. */
  read: <T>(path: string, fetch: (signal: AbortSignal) => Promise<T>, options?: ReadOptions) => Promise<T>;
}

/** The query parameter of a paged list's next page: a fetcher of the page's own route asks for it. */
export const MORE_PARAM = 'more';

/**
 * A route's `loader` and `shouldRevalidate`. `load` returns the page's data, an object whose
 * values may be promises: on arrival at the page they are handed over as they are, so the page
 * draws at once with its loading state; once the page is showing (another view of it, a re-read)
 * they are waited for, so the page stays as it is, marked as updating, until they are in.
 *
 * `more`, for a paged list: the route's loader answers its Show more pages too (`?more=<cursor>`,
 * asked for by a fetcher: see `usePlantList`), as `{ more: <answer> }`.
 */
export function serverData<T extends object, M = never>(
  load: (args: ServerDataArgs) => T | Promise<T>,
  more?: (args: LoaderFunctionArgs, cursor: string) => Promise<M>,
) {
  /** The answers the page shows, by path: a re-read of some of them takes the others as they are. */
  let shown = new Map<string, Promise<unknown>>();
  let shownData: T | undefined;
  let runs = 0;
  let committed = 0;

  const loader = async (args: LoaderFunctionArgs): Promise<T | { more: M }> => {
    const url = new URL(args.request.url);
    const cursor = url.searchParams.get(MORE_PARAM);
    if (more && cursor !== null) {
      const page = more(args, cursor);
      noteAsked(page);
      return { more: await page };
    }
    const run = ++runs;
    const showing = Boolean(router?.state.initialized && router.state.location.pathname === url.pathname);
    const before = showing ? shown : new Map<string, Promise<unknown>>();
    const answers = new Map<string, Promise<unknown>>();
    let keptShown = false;
    const read = <A>(
      path: string,
      fetch: (signal: AbortSignal) => Promise<A>,
      { as, once = false }: ReadOptions = {},
    ): Promise<A> => {
      // Prerendering at build time (build/prerender.ts): no server to ask; the page is drawn with
      // its answers' loading state, and the browser reads them once it has the page.
      if (import.meta.env.SSR) return new Promise<A>(() => undefined);
      const name = answerPath(path);
      const key = as ? `${name}#${as}` : name;
      const kept = before.get(key) as Promise<A> | undefined;
      const quiet = rereading.get(name);
      let answer: Promise<A>;
      if (kept && quiet === undefined && (once || rereading.size > 0)) answer = kept;
      else {
        answer = fetch(args.request.signal);
        noteAsked(answer);
        if (kept && quiet) {
          answer = answer.catch(() => {
            keptShown = true;
            return kept;
          });
        }
      }
      answers.set(key, answer);
      return answer;
    };
    let data = (await load({ ...args, read })) as T;
    if (showing)
      data = Object.fromEntries(
        await Promise.all(Object.entries(data).map(async ([name, value]) => [name, await value])),
      ) as T;
    // A quiet re-read that failed: the page stays exactly as it was.
    if (keptShown && shownData !== undefined) return shownData;
    // Reads made later (once auth has said who the user is) join the same answers.
    if (run > committed && !args.request.signal.aborted) {
      committed = run;
      shown = answers;
      shownData = data;
    }
    return data;
  };

  const shouldRevalidate = ({
    currentUrl,
    nextUrl,
    formMethod,
    defaultShouldRevalidate,
  }: ShouldRevalidateFunctionArgs): boolean => {
    if (rereading.size === 0 || formMethod || currentUrl.href !== nextUrl.href) return defaultShouldRevalidate;
    return [...shown.keys()].some((key) => rereading.has(key.split('#')[0]!));
  };

  return { loader, shouldRevalidate };
}

const settled = new WeakMap<Promise<unknown>, Promise<Settled<unknown>>>();

/** `promise` as data that cannot fail; the same promise settles to the same object. */
export function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  let result = settled.get(promise) as Promise<Settled<T>> | undefined;
  if (!result) {
    result = promise.then(
      (data) => ({ ok: true, data }),
      (error: unknown) => ({ ok: false, error }),
    );
    settled.set(promise, result);
  }
  return result;
}

/**
 * Whether an answer is still to come: any promise, as React's `use` takes any. Not `instanceof
 * Promise`, which only knows this realm's promises (a dynamic import's, in the unit tests' VM
 * contexts, is the host's).
 */
export function isPending<T>(answer: T | PromiseLike<T>): answer is PromiseLike<T> {
  return typeof (answer as Partial<PromiseLike<T>> | null | undefined)?.then === 'function';
}

/** The answer a loader handed over, waiting (with the nearest Suspense fallback) while it is a promise. */
export function useAnswer<T>(answer: Answer<T>): T {
  return isPending(answer) ? use(answer) : answer;
}
