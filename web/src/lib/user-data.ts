// What this browser keeps for a signed-in user, and the one way it forgets it: the service worker's
// copies of their answers (USER_CACHE, each under a key naming their uid: sw/user-answers.ts) and
// the care jobs they tapped offline (offline-queue.ts), and the push subscription they made
// (push-subscription.ts: whoever leaves, their digests stop coming here). lib/auth.ts loads it and calls
// forgetOtherUsers whenever Firebase reports another user or none, so whichever way a user leaves
// (Logout, a sign-in over their session, the SDK ending a disabled or revoked account's session,
// another tab), nothing kept for them is shown to, or sent by, the next one. The visitors' answers
// are public and stay.
import { forgetOtherUsersAnswers } from '@/sw/user-answers';

/** Deletes everything kept for anyone but `uid` (null: nobody is signed in, so for every user). */
export async function forgetOtherUsers(uid: string | null): Promise<void> {
  await Promise.all([
    'caches' in globalThis ? forgetOtherUsersAnswers(uid) : undefined,
    import('./offline-queue').then(({ dropOtherUsersJobs }) => dropOtherUsersJobs(uid)),
    // Made by the one who left (a sign-in over their session, another tab's Logout): ended here;
    // Logout itself deleted it on their account first.
    import('./push-subscription').then(({ endBrowserPush }) => endBrowserPush()),
  ]);
}
