import { loadFirebase } from '@/lib/auth';

/** Asks Firebase Auth to email a password reset link. It changes no auth state, so no runAuthAction. */
export async function sendPasswordReset(email: string): Promise<void> {
  const { auth, sendPasswordResetEmail } = await loadFirebase();
  await sendPasswordResetEmail(auth, email);
}
