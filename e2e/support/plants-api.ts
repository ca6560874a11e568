import { randomUUID } from 'node:crypto';
import { APP_URL, type TestUser } from './users.js';

/**
 * The /mango API as the browser tests reach it (through the Hosting rewrite), for setting up data
 * and for reading back what the UI did. ID tokens come from the Auth emulator's REST API, the same
 * call the Firebase SDK makes on sign-in.
 */
const AUTH_EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

export interface ApiPlant {
  _id: string;
  plantName: string;
  category: string;
  careLevel: string;
  healthStatus: string;
  wateringFrequency?: string;
  lastWateredDate?: string;
  nextWateringDate?: string;
  image?: string;
  description?: string;
  userEmail?: string;
}

/** A plant name no other test (or earlier run) uses, so searches find exactly this test's plant. */
export function uniquePlantName(label: string): string {
  return `${label} ${randomUUID().slice(0, 8)}`;
}

export async function idTokenFor(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const response = await fetch(`http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`Auth emulator sign-in failed (${response.status}): ${await response.text()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** POST /mango as the user; returns the new plant's id. */
export async function createPlantAs(user: Pick<TestUser, 'email' | 'password'>, input: Record<string, string>): Promise<string> {
  const response = await fetch(`${APP_URL}/mango`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idTokenFor(user)}` },
    body: JSON.stringify(input),
  });
  if (response.status !== 201) throw new Error(`POST /mango answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** GET /mango/:id: the status and, when found, the plant. */
export async function readPlant(id: string): Promise<{ status: number; plant?: ApiPlant }> {
  const response = await fetch(`${APP_URL}/mango/${encodeURIComponent(id)}`, { headers: { Accept: 'application/json' } });
  return { status: response.status, plant: response.ok ? ((await response.json()) as ApiPlant) : undefined };
}
