import { refreshUser, runAuthAction } from '@/lib/auth';

export interface SignUpInput {
  name: string;
  photoURL: string;
  email: string;
  password: string;
}

/**
 * Creates the account, then sets its display name and photo. Firebase does not report a profile
 * change as an auth state change, so the store is refreshed for the navigation bar to show them.
 */
export async function signUp({ name, photoURL, email, password }: SignUpInput): Promise<void> {
  await runAuthAction(async ({ auth, createUserWithEmailAndPassword, updateProfile }) => {
    const { user } = await createUserWithEmailAndPassword(auth, email, password);
    await updateProfile(user, { displayName: name, photoURL });
  });
  await refreshUser();
}
