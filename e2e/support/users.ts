import { randomUUID } from 'node:crypto';
import { followOobLink, oobCodesFor } from './auth-emulator.js';

/**
 * Test accounts made straight on the Auth emulator's REST API (the same calls the Firebase SDK
 * makes), each with a unique email so tests never share or depend on one another.
 */
export interface TestUser {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  photoURL: string | null;
}

const AUTH_EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const API_KEY = 'demo-api-key';
const identityToolkit = `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

/** The app's origin as the browser tests reach it (playwright.config.ts baseURL). */
export const APP_URL = process.env.APP_URL ?? 'http://localhost:5000';

/** A profile photo that ships with the app, so photos load offline. */
export const TEST_PHOTO_URL = `${APP_URL}/images/avatars/demo-gardener.svg`;

/** A fresh, never-used email address. */
export function uniqueEmail(label = 'user'): string {
  return `e2e-${label}-${randomUUID().slice(0, 12)}@example.test`;
}

async function call<T>(method: string, body: unknown): Promise<T> {
  const response = await fetch(`${identityToolkit}/${method}?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Auth emulator ${method} failed (${response.status}): ${await response.text()}`);
  return (await response.json()) as T;
}

export interface CreateUserOptions {
  displayName?: string;
  /** null for an account without a photo (the navigation bar then shows only Logout). */
  photoURL?: string | null;
  password?: string;
  email?: string;
  /** The address proven, as once its owner opened the verification email's link (email digests need it). */
  emailVerified?: boolean;
}

/** Creates an account on the Auth emulator; sign in with it through the UI (signIn in ./auth). */
export async function createUser({
  displayName = 'Test Gardener',
  photoURL = TEST_PHOTO_URL,
  password = 'Garden123',
  email = uniqueEmail(),
  emailVerified = false,
}: CreateUserOptions = {}): Promise<TestUser> {
  const { localId, idToken } = await call<{ localId: string; idToken: string }>('accounts:signUp', {
    email,
    password,
    returnSecureToken: true,
  });
  await call('accounts:update', {
    idToken,
    displayName,
    ...(photoURL ? { photoUrl: photoURL } : {}),
    returnSecureToken: false,
  });
  if (emailVerified) {
    await call('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
    const [code] = (await oobCodesFor(email, 'VERIFY_EMAIL')).slice(-1);
    if (!code) throw new Error(`The Auth emulator holds no verification link for ${email}.`);
    await followOobLink(code.oobLink);
  }
  return { uid: localId, email, password, displayName, photoURL };
}
