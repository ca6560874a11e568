import type { PushSubscriptionInput } from '@model/reminders';
import { defineMessages, type Message } from '@/lib/i18n/messages';
import { browserPushSubscription } from '@/lib/push-subscription';

/*
 * This browser's side of push notifications: whether it can show them, its permission, and its
 * subscription with its push service (Google's for Chrome, Mozilla's for Firefox, Apple's...), made
 * through the app's service worker with the server's key. Every way it can fail has a sentence.
 */

export const pushMessages = defineMessages({
  noPush: {
    id: 'reminders.push.noPush',
    message: 'This browser cannot show notifications from websites, so your digest can only come by email here.',
  },
  blocked: {
    id: 'reminders.push.blocked',
    message:
      "Notifications are blocked for this site, so none can be shown. Allow notifications for this site in your browser's settings, then turn them on here again.",
  },
  notAllowed: {
    id: 'reminders.push.notAllowed',
    message:
      'Notifications were not allowed, so none will be shown. Choose "Turn on notifications" again to be asked once more.',
  },
  noWorker: {
    id: 'reminders.push.noWorker',
    message:
      "Notifications need the app's service worker, which is not running in this browser yet. Reload the page and try again.",
  },
  noPushService: {
    id: 'reminders.push.noPushService',
    message:
      'This browser could not reach its push service, so notifications cannot be turned on now. Check your connection and try again, or get the digest by email.',
  },
});

const ERROR_NAME = 'PushSetupError';

/** A step of turning notifications on or off that failed, with the sentence to show (`reason`, in the app's language). */
export class PushSetupError extends Error {
  override name = ERROR_NAME;

  constructor(readonly reason: Message) {
    super(reason.message);
  }
}

// The English sentences, the tests' and the source's (the page shows them in the app's language).
export const NO_PUSH_MESSAGE = pushMessages.noPush.message;
export const BLOCKED_MESSAGE = pushMessages.blocked.message;
export const NOT_ALLOWED_MESSAGE = pushMessages.notAllowed.message;
export const NO_PUSH_SERVICE_MESSAGE = pushMessages.noPushService.message;

/** How long turning notifications on waits for the app's service worker (it starts after the page has loaded). */
const WORKER_WAIT_MS = 10_000;

/** Whether this browser can show a site's push notifications at all. */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The site's notification permission here ('default': never asked, or the question was dismissed). */
export function notificationPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'denied';
}

/** This browser's push subscription, or null (none, or no worker or push here). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return pushSupported() ? browserPushSubscription() : null;
}

/** A base64url key as the bytes `applicationServerKey` takes (every browser takes bytes; not all take text). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), WORKER_WAIT_MS))),
  ]);
  clearTimeout(timer);
  if (!registration) throw new PushSetupError(pushMessages.noWorker);
  return registration;
}

/**
 * Asks for the permission (the browser's question: only ever from the click that turns
 * notifications on) and subscribes this browser with `publicKey`; the subscription as the API
 * takes it. Throws a PushSetupError with the sentence for a refusal or a failure.
 */
export async function subscribeThisBrowser(publicKey: () => Promise<string>): Promise<PushSubscriptionInput> {
  if (!pushSupported()) throw new PushSetupError(pushMessages.noPush);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError(pushMessages.blocked);
  if (permission !== 'granted') throw new PushSetupError(pushMessages.notAllowed);
  const registration = await workerRegistration();
  const key = await publicKey();
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key),
    });
  } catch (error) {
    // NotAllowedError: the permission was taken back meanwhile. AbortError and the rest: the
    // browser's push service could not be reached (always so offline, and in a headless browser).
    if (error instanceof DOMException && error.name === 'NotAllowedError')
      throw new PushSetupError(pushMessages.blocked);
    throw new PushSetupError(pushMessages.noPushService);
  }
  return subscription.toJSON() as PushSubscriptionInput;
}
