// What the API tests do with the tokens of the accounts they make (createTestUser in
// scripts/lib/test-users.mjs): send them as a browser does, or forge them as an attacker would.

/** The header a signed-in browser sends. */
export function bearer(user: { idToken: string }): { Authorization: string } {
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
