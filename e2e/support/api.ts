import { randomUUID } from 'node:crypto';
import type { TestUser } from './users.js';
import { APP_URL } from './users.js';

/**
 * The /mango API as a test arranges data with it: straight HTTP calls to the app's origin with a
 * real ID token from the Auth emulator, the same requests the browser makes.
 */
const AUTH_EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/** A fresh ID token for the user (email and password sign-in on the Auth emulator). */
export async function idTokenOf(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const response = await fetch(
    `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`Auth emulator sign-in failed (${response.status}): ${await response.text()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** A GET of the API, as the user when one is given. */
export async function apiGet<T>(
  path: string,
  user?: Pick<TestUser, 'email' | 'password'>,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = user ? { Authorization: `Bearer ${await idTokenOf(user)}` } : {};
  const response = await fetch(`${APP_URL}${path}`, { headers });
  return { status: response.status, body: (await response.json()) as T };
}

/** A call of the API as the user, with a JSON body when one is given; fails unless answered `expected`. */
export async function apiSend<T>(
  user: Pick<TestUser, 'email' | 'password'>,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  expected = 200,
): Promise<T> {
  const response = await fetch(`${APP_URL}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${await idTokenOf(user)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== expected)
    throw new Error(`${method} ${path} answered ${response.status}, not ${expected}: ${await response.text()}`);
  return (await response.json()) as T;
}

export interface NewPlant {
  plantName: string;
  category: string;
  careLevel?: string;
  healthStatus?: string;
  wateringFrequency?: string;
  lastWateredDate?: string;
  nextWateringDate?: string;
  description?: string;
  image?: string;
  /** A species of the catalogue (GET /mango/species): the server takes the plant's pet safety from it. */
  speciesId?: string;
  /** Care schedules beside watering: { fertilize: { frequency, lastDate, nextDate } }. */
  care?: Partial<
    Record<'fertilize' | 'repot' | 'prune' | 'mist', { frequency?: string; lastDate?: string; nextDate?: string }>
  >;
}

/** POST /mango as the user; the new plant's id. */
export async function createPlantAs(user: Pick<TestUser, 'email' | 'password'>, plant: NewPlant): Promise<string> {
  const response = await fetch(`${APP_URL}/mango`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await idTokenOf(user)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(plant),
  });
  if (response.status !== 201) throw new Error(`POST /mango failed (${response.status}): ${await response.text()}`);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

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

/** GET /mango/:id as a visitor: the status and, when found, the plant. */
export async function readPlant(id: string): Promise<{ status: number; plant?: ApiPlant }> {
  const { status, body } = await apiGet<ApiPlant>(`/mango/${encodeURIComponent(id)}`);
  return { status, plant: status === 200 ? body : undefined };
}

/** POST /mango/:id/photos as the user, the image's bytes as the body; the photo as answered. */
export async function uploadPhotoAs(
  user: Pick<TestUser, 'email' | 'password'>,
  plantId: string,
  bytes: Buffer,
  type = 'image/jpeg',
): Promise<{ _id: string; url: string; thumbUrl: string }> {
  const response = await fetch(`${APP_URL}/mango/${encodeURIComponent(plantId)}/photos`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await idTokenOf(user)}`, 'Content-Type': type },
    body: new Uint8Array(bytes),
  });
  if (response.status !== 201) throw new Error(`POST photos failed (${response.status}): ${await response.text()}`);
  return (await response.json()) as { _id: string; url: string; thumbUrl: string };
}
