import { apiFetch } from '@/lib/api-client';
import { forgetOtherUsers, runAuthAction } from '@/lib/auth';

/**
 * Signs the current user out of Firebase Auth, and deletes what the browser kept for them (the
 * service worker's copies of their lists and plant pages, their care jobs queued offline, and
 * their push subscription: on their account first, while their token still works, then in the
 * browser), so the next user of the browser never sees or gets them. Firebase's report of the
 * sign-out starts the same (lib/auth.ts); waiting for it here means the page Logout leads to is
 * drawn once it is done.
 */
export async function logOut(): Promise<void> {
  // Loaded on Logout only: the header that offers it is on every page, the first one included.
  const { PUSH_SUBSCRIPTIONS_PATH, browserPushSubscription, endBrowserPush } = await import('@/lib/push-subscription');
  const subscription = await browserPushSubscription();
  if (subscription) {
    // Offline, the account keeps it until the push service answers the server's next digest 410.
    await apiFetch(PUSH_SUBSCRIPTIONS_PATH, {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
      auth: 'required',
    }).catch(() => undefined);
    await endBrowserPush(subscription);
  }
  await runAuthAction(({ auth, signOut }) => signOut(auth));
  await forgetOtherUsers(null);
}
