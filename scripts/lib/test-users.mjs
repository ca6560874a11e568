// The one way every suite makes its accounts: the API tests (Vitest), the browser tests
// (Playwright), and the launcher's tests and the bench (plain Node) all import this file. Accounts
// are made on the Auth emulator's REST API, each with an address of its own, and signed in as the
// Firebase SDK signs in, so each comes with a real ID token.
import { randomUUID } from 'node:crypto';

const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-mango-grove';
if (!PROJECT_ID.startsWith('demo-'))
  throw new Error(`Refusing to make accounts in ${PROJECT_ID}: not a demo- project.`);
const identityToolkit = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}/identitytoolkit.googleapis.com/v1`;

/** The app's origin, as a browser reaches it (Hosting, which also serves /mango). */
export const APP_URL = process.env.APP_URL ?? 'http://localhost:5000';

/** A profile photo that ships with the app, so photos load offline. */
export const TEST_PHOTO_URL = `${APP_URL}/images/avatars/demo-gardener.svg`;

/**
 * @typedef {{ uid: string, email: string, password: string, displayName: string | null, photoURL: string | null, idToken: string }} TestUser
 */

/**
 * One call of the Auth emulator's REST API. `admin` makes it as firebase-admin does (the emulator
 * takes "Bearer owner" for the project's owner), which may set what only an admin sets.
 * @param {string} method e.g. 'accounts:signUp'
 * @param {unknown} body
 * @returns {Promise<{ status: number, body: any }>}
 */
export async function authCall(method, body, { admin = false } = {}) {
  const response = await fetch(`${identityToolkit}/${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(admin ? { Authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** A fresh, never-used address. */
export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 12)}@example.test`;

/**
 * Signs in with email and password, as the Firebase SDK does: a fresh ID token.
 * @param {string} email
 * @param {string} password
 * @returns {Promise<{ uid: string, idToken: string }>}
 */
export async function signIn(email, password) {
  const { status, body } = await authCall('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  if (status !== 200) throw new Error(`Signing in as ${email} failed (${status}): ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken };
}

/**
 * Makes an account as firebase-admin's createUser does, then signs it in: the token carries its
 * name (none when `displayName` is null), photo and whether its address is proven
 * (`emailVerified`: email digests go only to proven addresses).
 * @param {string | null} [displayName]
 * @param {{ email?: string, password?: string, photoURL?: string | null, emailVerified?: boolean }} [options]
 * @returns {Promise<TestUser>}
 */
export async function createTestUser(
  displayName = 'Test Gardener',
  { email = uniqueEmail(), password = 'Garden123', photoURL = TEST_PHOTO_URL, emailVerified = false } = {},
) {
  const account = { email, password, displayName: displayName ?? undefined, photoUrl: photoURL ?? undefined };
  const made = await authCall('accounts:signUp', { ...account, emailVerified }, { admin: true });
  if (made.status !== 200) throw new Error(`Making the account ${email} failed: ${JSON.stringify(made.body)}`);
  return { ...(await signIn(email, password)), email, password, displayName, photoURL };
}

/**
 * An anonymous account (no email): signed in, but nobody the API can name as an owner.
 * @returns {Promise<{ uid: string, idToken: string }>}
 */
export async function createAnonymousUser() {
  const { status, body } = await authCall('accounts:signUp', { returnSecureToken: true });
  if (status !== 200) throw new Error(`Making an anonymous account failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken };
}
