import { runAuthAction } from '@/lib/auth';

/**
 * Google sign-in in a popup. Call it straight from the click handler: the SDK is already loaded
 * by then, so the popup opens within the click's user activation and is not blocked.
 */
export async function signInWithGoogle(): Promise<void> {
  await runAuthAction(({ auth, browserPopupRedirectResolver, GoogleAuthProvider, signInWithPopup }) =>
    signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver),
  );
}
