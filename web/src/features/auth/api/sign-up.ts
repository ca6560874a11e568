import { refreshUser, runAuthAction } from '@/lib/auth';

export interface SignUpInput {
  name: string;
  photoURL: string;
  email: string;
  password: string;
}

export interface SignedUp {
  /** Whether Firebase Auth took the request to email the link that confirms the address. */
  verificationSent: boolean;
}

/**
 * Creates the account, sets its display name and photo, then has Firebase Auth email the link that
 * proves the address (email digests go only to a proven one). Firebase does not report a profile
 * change as an auth state change, so the store is refreshed for the navigation bar to show them.
 */
export async function signUp({ name, photoURL, email, password }: SignUpInput): Promise<SignedUp> {
  const verificationSent = await runAuthAction(
    async ({ auth, createUserWithEmailAndPassword, sendEmailVerification, updateProfile }) => {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      await updateProfile(user, { displayName: name, photoURL });
      try {
        await sendEmailVerification(user);
        return true;
      } catch (error) {
        // The account stands without it: the Reminders page sends the link again. Only the
        // provider's code is logged, never the address.
        console.warn('The link to confirm the new address was not sent:', (error as { code?: unknown })?.code);
        return false;
      }
    },
  );
  await refreshUser();
  return { verificationSent };
}
