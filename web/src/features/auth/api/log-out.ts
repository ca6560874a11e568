import { runAuthAction } from '@/lib/auth';

/** Signs the current user out of Firebase Auth. */
export async function logOut(): Promise<void> {
  await runAuthAction(({ auth, signOut }) => signOut(auth));
}
