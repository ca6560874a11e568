import { OFFLINE_WRITE_MESSAGE } from './app-status';
import { getIdToken } from './auth';

const API_ERROR = 'ApiError';

/**
 * A failed API call, with the server's sentence (or the client's, below) in `message`, in English:
 * a screen shows errorMessage's (use-api-error.ts), in the reader's language. This module
 * translates nothing: it shares a chunk with lazy pages, and importing the language store or the
 * messages here takes them out of the entry chunk into chunks of their own (627 B and 184 B more
 * gzipped on `/`, 2026-12-02).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = API_ERROR;
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** 'required': send the user's ID token, or fail with 401 when nobody is signed in. */
  auth?: 'none' | 'optional' | 'required';
  signal?: AbortSignal;
  /** A file to send as it is, its own type as the Content-Type (instead of a JSON `body`). */
  file?: Blob;
  /** 'response': the Response itself once it is known to be OK, so a download can read its bytes and headers. */
  read?: 'json' | 'response';
}

/** A request that got no answer at all, in English (errorMessage says it in the reader's language). */
export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

const STATUS_MESSAGES: Record<number, string> = {
  401: 'Please sign in to do that.',
  403: 'You can only change your own plants.',
  404: 'That could not be found.',
  413: 'That is too much data to send at once.',
  429: 'You are making changes too quickly. Please wait a moment and try again.',
  503: 'The server is busy right now. Please try again in a moment.',
};

/** What an answer says that has no sentence of the server's and none for its status. */
const HTTP_FAILURE = 'Something went wrong (HTTP {status}). Please try again.';
export const httpFailure = (status: number): string => HTTP_FAILURE.replace('{status}', String(status));

/** The scheme of the ID token in the Authorization header. */
const BEARER = 'Bearer';

declare global {
  interface Window {
    /** The first page's data, asked for by index.html's inline script before the app arrived, by path. */
    __mangoPreload?: Record<string, Promise<Response>>;
  }
}

/**
 * index.html's early requests, for the app's first GETs only: each is used once, by the same call
 * (a visitor's GET of the same path), and all are dropped at the first call that is anything else,
 * so they can never answer a later call with old data.
 */
function takePreloaded(path: string, method: string, headers: Record<string, string>): Promise<Response> | undefined {
  const preload = window.__mangoPreload;
  if (!preload) return undefined;
  const response = method === 'GET' && !headers.Authorization ? preload[path] : undefined;
  if (response) delete preload[path];
  else delete window.__mangoPreload;
  return response;
}

/**
 * Visitors' answers are kept by the CDN for up to a minute (s-maxage 30 s, stale-while-revalidate
 * 30 s: functions/src/lib/http-cache.ts). For that long after this browser stored a change, its
 * reads go with the user's token, which the CDN never serves from its cache, so the user sees
 * their own change at once. Kept per tab, across reloads.
 */
export const FRESH_READS_AFTER_WRITE_MS = 60_000;
const WROTE_AT_KEY = 'mango.wroteAt';

function lastWriteAt(): number {
  try {
    return Number(sessionStorage.getItem(WROTE_AT_KEY)) || 0;
  } catch {
    return 0;
  }
}

function noteWrite(): void {
  try {
    sessionStorage.setItem(WROTE_AT_KEY, String(Date.now()));
  } catch {
    // Storage can be off (private mode): reads then may see the CDN's copy for up to a minute.
  }
}

/**
 * Whether this page keeps the answers it reads before a service worker controls it (a first visit:
 * the worker never sees them, so offline it would have nothing to answer them with). On in
 * production builds, which register the worker (main.tsx); `npm run dev` has none.
 */
let keepingBeforeWorker = false;

/** Keeps, from now on, what this page reads before a worker controls it (sw/user-answers.ts). */
export function keepReadsBeforeWorker(): void {
  keepingBeforeWorker = true;
}

/** Called whenever the server (or the worker, for it) answers a request of this page. */
let onAnswer: (() => void) | undefined;

/**
 * `listener` is called after every request that got an answer, whatever its status: the care jobs
 * queued because a request got none go then (app/service-worker.ts).
 */
export function afterEachAnswer(listener: () => void): void {
  onAnswer = listener;
}

/** The one way the web app calls the /mango API. */
export async function apiFetch<T>(
  path: string,
  { method = 'GET', body, auth: asked = 'none', signal, file, read = 'json' }: ApiRequest = {},
): Promise<T> {
  // Offline, a change is refused here with one sentence, never half sent (a care job is queued
  // before it gets this far: features/care/lib/offline-care-jobs.ts).
  if (method !== 'GET' && !navigator.onLine) throw new ApiError(0, 'offline', OFFLINE_WRITE_MESSAGE);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (file) headers['Content-Type'] = file.type;
  const auth =
    asked === 'none' && method === 'GET' && Date.now() - lastWriteAt() < FRESH_READS_AFTER_WRITE_MS
      ? 'optional'
      : asked;
  if (auth !== 'none') {
    const token = await getIdToken();
    if (token) headers.Authorization = `${BEARER} ${token}`;
    else if (auth === 'required') throw new ApiError(401, 'unauthenticated', STATUS_MESSAGES[401]!);
  }

  const worker = navigator.serviceWorker;
  const beforeWorker =
    keepingBeforeWorker && method === 'GET' && read === 'json' && worker && !worker.controller && 'caches' in window;
  const askedAt = Date.now();
  let response: Response;
  try {
    response = await (takePreloaded(path, method, headers) ??
      fetch(path, { method, headers, body: file ?? (body === undefined ? undefined : JSON.stringify(body)), signal }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
  onAnswer?.();

  if (beforeWorker && response.ok) {
    // Kept at once, while the answer is here: asked again through the worker once it controls the
    // page, it would need the network at that moment, and a person offline just after the worker
    // was installed found My Plants missing.
    const copy = response.clone();
    const authorization = headers.Authorization ?? null;
    void import('@/sw/user-answers')
      .then(({ keepAnswerBeforeWorker }) =>
        keepAnswerBeforeWorker(new URL(path, window.location.href).href, authorization, copy, askedAt),
      )
      .catch(() => {
        // Storage full or off (private mode): this page's answers are just not there offline.
      });
  }
  if (read === 'response' && response.ok) return response as T;
  return readAnswer<T>(response.status, await response.text(), method);
}

/**
 * An answer's body as data, or its failure as an ApiError with the server's sentence. Also read by
 * requests that cannot go through fetch (a photo upload, for its progress).
 */
export function readAnswer<T>(status: number, text: string, method: string): T {
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // A proxy's HTML error page: fall through to the status message below.
  }
  const ok = status >= 200 && status < 300;
  if (method !== 'GET' && ok) noteWrite();
  if (!ok) {
    const error = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | undefined)
      ?.error;
    throw new ApiError(
      status,
      error?.code ?? 'http_error',
      error?.message ?? STATUS_MESSAGES[status] ?? httpFailure(status),
      error?.fields,
    );
  }
  return data as T;
}
