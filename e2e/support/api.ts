import { APP_URL, signIn, type TestUser } from '../../scripts/lib/test-users.mjs';

/**
 * The /mango API as a test arranges data with it: straight HTTP calls to the app's origin with a
 * real ID token from the Auth emulator, the same requests the browser makes. Plants are added with
 * createPlantAs (scripts/lib/test-plants.mjs).
 */

/** A fresh ID token for the user (email and password sign-in on the Auth emulator). */
export async function idTokenOf(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  return (await signIn(user.email, user.password)).idToken;
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
