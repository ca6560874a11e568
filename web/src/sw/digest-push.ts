// A digest's push notification, shared by the service worker (sw.ts shows it and hands its actions
// over) and the app (app/service-worker.ts takes the hand-over, the Today page records it). The
// worker has no Firebase Auth, so it cannot record a job itself: "Done", "Snooze 1 day" and "Not
// needed yet" are kept by the worker under a nonce (digest-hand-over.ts) and Today is opened with
// the nonce alone in its hash; the page takes what the nonce names, once, and records it with the
// user's token through the care flow every tap goes through (Do all due's, offline too). The
// address names no job: a link made elsewhere cannot make the page record anything.
import { isCareJob, type CareJob } from '@model/care-tasks';
import type { DigestPush } from '@model/reminders';
import { defineMessages } from '../lib/i18n/messages';

/** One notification for the digest: a newer one replaces the one still shown. */
export const DIGEST_TAG = 'mango-digest';
/** The page a digest opens. */
export const TODAY_PATH = '/dashboard/today';
/** What the worker posts to an open page of the app: go to `url` (Today, with the jobs to record). */
export const OPEN_PAGE_MESSAGE = 'OPEN_PAGE';

const DIGEST_ACTIONS = ['done', 'snooze', 'check'] as const;
type DigestActionName = (typeof DIGEST_ACTIONS)[number];
const isDigestAction = (action: string | null): action is DigestActionName =>
  (DIGEST_ACTIONS as readonly (string | null)[]).includes(action);

interface DigestJob {
  plantId: string;
  task: CareJob;
}

/** What a notification keeps for its click. */
interface DigestNotificationData {
  url: string;
  day: string | null;
  jobs: DigestJob[];
}

/**
 * The options a digest is shown with. `actions` and `renotify` are the Notifications API's, which
 * TypeScript's DOM types leave out; a browser without them ignores them (a tap then opens Today).
 */
interface DigestNotificationOptions extends NotificationOptions {
  actions?: { action: DigestActionName; title: string }[];
  renotify?: boolean;
  data: DigestNotificationData;
}

export interface DigestNotification {
  title: string;
  options: DigestNotificationOptions;
}

const ICON = '/icons/icon-192.png';

/**
 * What the worker says in its own words; a digest's title and body are the server's. A service
 * worker may not import() a module, so it cannot load the reader's catalogue as a page does (all of
 * them in sw.js would weigh more than the worker itself): the page, which speaks the reader's
 * language, keeps these texts in it for the worker (worker-texts.ts). Plain text, no placeholders:
 * the worker's build compiles no message, and with nothing kept it shows the English below.
 */
export const workerMessages = defineMessages({
  title: { id: 'sw.digest.title', message: 'Your plants need care' },
  body: { id: 'sw.digest.body', message: 'Open Today to see what is due.' },
  done: { id: 'sw.digest.done', message: 'Done' },
  snooze: { id: 'sw.digest.snooze', message: 'Snooze 1 day' },
  check: { id: 'sw.digest.check', message: 'Not needed yet' },
});

/** The worker's texts in the reader's language, by the key of their message. */
export type WorkerTexts = Partial<Record<keyof typeof workerMessages, string>>;

/** The jobs of a payload that name a plant and a care job; anything else in it is left out. */
function jobsOf(value: unknown): DigestJob[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((job: unknown) => {
    const { plantId, task } = (job ?? {}) as Partial<Record<keyof DigestJob, unknown>>;
    return typeof plantId === 'string' && plantId && isCareJob(task) ? [{ plantId, task }] : [];
  });
}

/** The notification shown when a push cannot be read: something is due, and Today says what. */
const generic = (say: (key: keyof typeof workerMessages) => string): DigestNotification => ({
  title: say('title'),
  options: {
    body: say('body'),
    tag: DIGEST_TAG,
    renotify: true,
    icon: ICON,
    data: { url: TODAY_PATH, day: null, jobs: [] },
  },
});

/**
 * The notification for a push message's text (a `DigestPush` as JSON): its title and body, Done
 * and Snooze 1 day when it lists jobs, and "Not needed yet" (a check-in of every job listed) where
 * the browser shows more than two actions (`maxActions`, the worker's `Notification.maxActions`:
 * Chrome shows two, so there Today's rows keep the check-in). A message it cannot read still shows
 * a notification (a push the user never sees would be wasted, and Chrome shows a notice of its own
 * for a silent one). The worker's own words are `texts` (the reader's language), else English.
 */
export function digestNotification(
  text: string | null | undefined,
  maxActions = 2,
  texts: WorkerTexts = {},
): DigestNotification {
  const say = (key: keyof typeof workerMessages) => {
    const kept = texts[key];
    return typeof kept === 'string' && kept ? kept : workerMessages[key].message;
  };
  let push: Partial<Record<keyof DigestPush, unknown>>;
  try {
    push = JSON.parse(text ?? '') as typeof push;
  } catch {
    return generic(say);
  }
  if (typeof push !== 'object' || push === null || typeof push.title !== 'string' || !push.title.trim())
    return generic(say);
  const jobs = jobsOf(push.jobs);
  const url =
    typeof push.url === 'string' && push.url.startsWith('/') && !push.url.startsWith('//') ? push.url : TODAY_PATH;
  return {
    title: push.title,
    options: {
      body: typeof push.body === 'string' ? push.body : '',
      tag: DIGEST_TAG,
      renotify: true,
      icon: ICON,
      data: { url, day: typeof push.day === 'string' ? push.day : null, jobs },
      ...(jobs.length > 0
        ? {
            actions: [
              { action: 'done' as const, title: say('done') },
              { action: 'snooze' as const, title: say('snooze') },
              { action: 'check' as const, title: say('check') },
            ].slice(0, Math.max(2, maxActions)),
          }
        : {}),
    },
  };
}

const DIGEST_PARAM = 'digest';

/** What a click on one of the notification's actions hands to Today. */
export interface DigestAction {
  kind: DigestActionName;
  jobs: DigestJob[];
  /** When it was clicked (ms). */
  at: number;
}

/**
 * The action a click on the notification hands over: Done, Snooze 1 day or Not needed yet of the
 * jobs it lists (at most what one request of Do all due takes; the server lists at most 40), or
 * null for a click on the notification itself or one that lists no job.
 */
export function digestActionOf(action: string, data: unknown, at = Date.now()): DigestAction | null {
  const { jobs: listed } = (data ?? {}) as Partial<DigestNotificationData>;
  const jobs = jobsOf(listed);
  return isDigestAction(action) && jobs.length > 0 ? { kind: action, jobs: jobs.slice(0, 100), at } : null;
}

/** Where a click goes: Today, with the nonce of the action it hands over (`#digest=<nonce>`) when there is one. */
export function digestLink(nonce?: string): string {
  return nonce ? `${TODAY_PATH}#${new URLSearchParams({ [DIGEST_PARAM]: nonce }).toString()}` : TODAY_PATH;
}

/**
 * The hand-over a page's hash names (`#digest=...`), or null when it names none. Whatever it says
 * is only a key: the page records what the worker kept under it, and nothing for a key it never made.
 */
export function readDigestNonce(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get(DIGEST_PARAM) || null;
}

/** The part of the worker's `clients` a click needs (a type both the worker's and the page's types know). */
export interface WindowClientLike {
  url: string;
  focused: boolean;
  postMessage: (message: unknown) => void;
  focus: () => Promise<unknown>;
}
export interface ClientsLike {
  matchAll: (options: { type: 'window'; includeUncontrolled: boolean }) => Promise<readonly WindowClientLike[]>;
  openWindow: (url: string) => Promise<unknown>;
}

/**
 * Opens `link` (digestLink's): in an open page of the app (Today's first, else the one in front),
 * which is told to go there, so nothing typed there is lost to a reload; else in a new window. A
 * window's focus can be refused (a browser allows it only just after a click): the page still goes.
 */
export async function openDigestLink(clients: ClientsLike, link: string): Promise<void> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open =
    windows.find((client) => new URL(client.url).pathname === TODAY_PATH) ??
    windows.find((client) => client.focused) ??
    windows[0];
  if (!open) {
    await clients.openWindow(link);
    return;
  }
  open.postMessage({ type: OPEN_PAGE_MESSAGE, url: link });
  await open.focus().catch(() => undefined);
}
