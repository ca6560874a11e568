import { runAuthAction } from '@/lib/auth';
import { USER_CACHE } from '@/sw/messages';

/**
 * Signs the current user out of Firebase Auth, and deletes the answers the service worker kept for
 * them (their lists and plant pages, for offline use), so the next user of the browser never sees
 * them.
 */
export async function logOut(): Promise<void> {
  await runAuthAction(({ auth, signOut }) => signOut(auth));
  if ('caches' in window) await caches.delete(USER_CACHE);
}
