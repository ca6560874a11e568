import type { TestUser } from './users.js';
import { APP_URL } from './users.js';

const AUTH_EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/** A fresh ID token for a test user, from the Auth emulator (what the Firebase SDK would hold). */
export async function idTokenFor(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const response = await fetch(`http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`Auth emulator sign-in failed: ${await response.text()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** Adds a plant owned by `user` through the real API (Hosting rewrite), for tests that need one. */
export async function createPlantAs(user: Pick<TestUser, 'email' | 'password'>, plant: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${APP_URL}/mango`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idTokenFor(user)}` },
    body: JSON.stringify(plant),
  });
  if (response.status !== 201) throw new Error(`POST /mango failed (${response.status}): ${await response.text()}`);
  return ((await response.json()) as { insertedId: string }).insertedId;
}
