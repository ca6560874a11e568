import { randomUUID } from 'node:crypto';
import { AUTH_EMULATOR_HOST, PROJECT_ID } from './emulators';

export interface TestUser {
  uid: string;
  email: string;
  displayName: string | null;
  idToken: string;
}

const identityToolkit = `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

/**
 * Signs up a fresh user on the Auth emulator's REST API and returns a real ID token.
 * `displayName: null` makes an account without a name (its token has no `name` claim).
 * `emailVerified`: the address is proven, as once its owner has opened the verification email's
 * link (the emulator's own verification, then a sign-in whose token says `email_verified`).
 */
export async function createTestUser(
  displayName: string | null = 'Test Gardener',
  { emailVerified = false }: { emailVerified?: boolean } = {},
): Promise<TestUser> {
  const email = `api-${randomUUID()}@example.test`;
  const signUp = await fetch(`${identityToolkit}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'Secret123',
      ...(displayName === null ? {} : { displayName }),
      returnSecureToken: true,
    }),
  });
  if (!signUp.ok) throw new Error(`Auth emulator sign-up failed: ${await signUp.text()}`);
  const { localId, idToken: firstToken } = (await signUp.json()) as { localId: string; idToken: string };
  if (emailVerified) await verifyEmail(firstToken);
  // Sign in again so the token carries the display name set at sign-up (and the proven address).
  const signIn = await fetch(`${identityToolkit}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'Secret123', returnSecureToken: true }),
  });
  if (!signIn.ok) throw new Error(`Auth emulator sign-in failed: ${await signIn.text()}`);
  const { idToken } = (await signIn.json()) as { idToken: string };
  return { uid: localId, email, displayName, idToken };
}

/**
 * Proves the account's address the way its owner does: the emulator sends the verification email
 * (its out-of-band code), and the link in it is opened.
 */
async function verifyEmail(idToken: string): Promise<void> {
  const sent = await fetch(`${identityToolkit}/accounts:sendOobCode?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken }),
  });
  if (!sent.ok) throw new Error(`Auth emulator verification email failed: ${await sent.text()}`);
  const { email } = (await sent.json()) as { email: string };
  const codes = await fetch(`http://${AUTH_EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await codes.json()) as { oobCodes: { email: string; requestType: string; oobCode: string }[] };
  const code = oobCodes.findLast((entry) => entry.email === email && entry.requestType === 'VERIFY_EMAIL');
  if (!code) throw new Error(`The Auth emulator holds no verification link for ${email}.`);
  const applied = await fetch(`${identityToolkit}/accounts:update?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ oobCode: code.oobCode }),
  });
  if (!applied.ok) throw new Error(`Auth emulator verification failed: ${await applied.text()}`);
}

/** An anonymous account (no email): signed in, but nobody the API can name as an owner. */
export async function createAnonymousUser(): Promise<Pick<TestUser, 'uid' | 'idToken'>> {
  const signUp = await fetch(`${identityToolkit}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ returnSecureToken: true }),
  });
  if (!signUp.ok) throw new Error(`Auth emulator anonymous sign-up failed: ${await signUp.text()}`);
  const { localId, idToken } = (await signUp.json()) as { localId: string; idToken: string };
  return { uid: localId, idToken };
}

/** The header a signed-in browser sends. */
export function bearer(user: Pick<TestUser, 'idToken'>): { Authorization: string } {
  return { Authorization: `Bearer ${user.idToken}` };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A copy of a real emulator token with its claims changed, re-encoded unsigned like the emulator's
 * own tokens. Firebase-admin does not check signatures against the Auth emulator, so these are
 * how tests reach the checks that still run there: audience, issuer, expiry, a user that exists.
 */
export function forgeToken(
  idToken: string,
  change: (claims: Record<string, unknown>) => Record<string, unknown>,
): string {
  const [header, payload] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  return `${header}.${base64url(change(claims))}.`;
}

/**
 * The same claims under an RS256 header with a made-up signature: what a forger without Google's
 * key can send. The Auth emulator cannot tell it from a genuine signed token (firebase-admin refuses
 * both there), so a test with it shows the refusal's answer, not a signature check.
 */
export function forgeSignedToken(idToken: string): string {
  const [, payload] = idToken.split('.');
  return `${base64url({ alg: 'RS256', kid: 'forged', typ: 'JWT' })}.${payload}.${Buffer.from('not a real signature').toString('base64url')}`;
}
