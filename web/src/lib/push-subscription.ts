// This browser's Web Push subscription, as far as more than the Reminders page needs it: a
// subscription belongs to whoever made it, so when that person leaves this browser it goes with
// them. Otherwise, on a shared computer, the next person would get the last one's digests.

export const PUSH_SUBSCRIPTIONS_PATH = '/mango/reminders/push-subscriptions';

/** This browser's push subscription, or null (none, or no worker or push here). Never throws. */
export async function browserPushSubscription(): Promise<PushSubscription | null> {
  try {
    if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
    const registration = await navigator.serviceWorker.getRegistration();
    return (await registration?.pushManager.getSubscription()) ?? null;
  } catch {
    return null;
  }
}

/**
 * Ends this browser's push subscription, if it has one, here only: another user is signed in
 * already, whose token cannot delete it from the account of the one who made it; the push service
 * answers the server's next digest 410 for it, and the server deletes it then. Never throws:
 * leaving must not fail for it.
 */
export async function endBrowserPush(subscription?: PushSubscription | null): Promise<void> {
  try {
    await (subscription === undefined ? await browserPushSubscription() : subscription)?.unsubscribe();
  } catch {
    // Nothing more this browser can do.
  }
}
