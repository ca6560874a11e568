import { runAuthAction } from '@/lib/auth';

/** Email and password sign-in through Firebase Auth. */
export async function signIn(email: string, password: string): Promise<void> {
  await runAuthAction(({ auth, signInWithEmailAndPassword }) => signInWithEmailAndPassword(auth, email, password));
}
