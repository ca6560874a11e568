/**
 * The Auth emulator's out-of-band codes: the links Firebase Auth would email (verify an address,
 * reset a password), which the emulator keeps and lists instead of sending
 * (GET /emulator/v1/projects/<project>/oobCodes).
 */
const AUTH_EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-mango-grove';
if (!PROJECT_ID.startsWith('demo-'))
  throw new Error(`Refusing to read the codes of ${PROJECT_ID}: not a demo- project.`);

export interface OobCode {
  email: string;
  requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'EMAIL_SIGNIN' | 'VERIFY_AND_CHANGE_EMAIL' | 'RECOVER_EMAIL';
  oobCode: string;
  oobLink: string;
}

/** The codes of `requestType` made for `email` so far, oldest first (the emulator lists them as made). */
export async function oobCodesFor(email: string, requestType: OobCode['requestType']): Promise<OobCode[]> {
  const response = await fetch(`http://${AUTH_EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  if (!response.ok) throw new Error(`Auth emulator oobCodes failed (${response.status}): ${await response.text()}`);
  const { oobCodes = [] } = (await response.json()) as { oobCodes?: OobCode[] };
  return oobCodes.filter(
    (code) => code.requestType === requestType && code.email.toLowerCase() === email.toLowerCase(),
  );
}

/**
 * Opens a link as the person would from their mail: the emulator applies the code (a verified
 * address, for VERIFY_EMAIL) and answers what it did.
 */
export async function followOobLink(oobLink: string): Promise<void> {
  const response = await fetch(oobLink);
  if (!response.ok) throw new Error(`Following ${oobLink} failed (${response.status}): ${await response.text()}`);
}
