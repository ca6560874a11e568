import { forgetOtherUsers, runAuthAction } from '@/lib/auth';

/**
 * Signs the current user out of Firebase Auth, and deletes what the browser kept for them (the
 * service worker's copies of their lists and plant pages, their care jobs queued offline), so the
 * next user of the browser never sees them. Firebase's report of the sign-out starts the same
 * (lib/auth.ts); waiting for it here means the page Logout leads to is drawn once it is done.
 */
export async function logOut(): Promise<void> {
  await runAuthAction(({ auth, signOut }) => signOut(auth));
  await forgetOtherUsers(null);
}
