import { loadFirebase, whenAuthReady } from '@/lib/auth';

/**
 * Asks Firebase Auth to email the signed-in user a new link that proves their address (email
 * digests go only to a proven one). Not a /mango request: Firebase Auth sends it and keeps the
 * result, which the server reads back (GET /mango/reminders/settings: `emailVerified`).
 */
export async function sendVerificationEmail(): Promise<void> {
  await whenAuthReady();
  const { auth, sendEmailVerification } = await loadFirebase();
  if (!auth.currentUser) throw new Error('Nobody is signed in.');
  await sendEmailVerification(auth.currentUser);
}
