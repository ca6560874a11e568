/** Who is asking: the user of a verified Firebase ID token. Anonymous callers are `null`. */
export interface Viewer {
  uid: string;
  email?: string;
  /**
   * The token's `email_verified`: true once the person opened the verification email's link (or
   * signed in with Google). A token made before that still says false until it is renewed.
   */
  emailVerified?: boolean;
  name?: string;
}

/** Who did something, as the journal names them ("Watered by Ana"): never their email. */
export interface Actor {
  uid: string;
  displayName: string;
}

export function actorOf(viewer: Viewer): Actor {
  return { uid: viewer.uid, displayName: viewer.name?.trim() || 'Unnamed gardener' };
}
