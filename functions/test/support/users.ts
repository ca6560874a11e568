import { randomUUID } from 'node:crypto';
import { AUTH_EMULATOR_HOST } from './emulators';

export interface TestUser {
  uid: string;
  email: string;
  displayName: string;
  idToken: string;
}

const identityToolkit = `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

/** Signs up a fresh user on the Auth emulator's REST API and returns a real ID token. */
export async function createTestUser(displayName = 'Test Gardener'): Promise<TestUser> {
  const email = `api-${randomUUID()}@example.test`;
  const signUp = await fetch(`${identityToolkit}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'Secret123', displayName, returnSecureToken: true }),
  });
  if (!signUp.ok) throw new Error(`Auth emulator sign-up failed: ${await signUp.text()}`);
  const { localId } = (await signUp.json()) as { localId: string };
  // Sign in again so the token carries the display name set at sign-up.
  const signIn = await fetch(`${identityToolkit}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'Secret123', returnSecureToken: true }),
  });
  if (!signIn.ok) throw new Error(`Auth emulator sign-in failed: ${await signIn.text()}`);
  const { idToken } = (await signIn.json()) as { idToken: string };
  return { uid: localId, email, displayName, idToken };
}
