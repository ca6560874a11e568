/** Who is asking: the user of a verified Firebase ID token. Anonymous callers are `null`. */
export interface Viewer {
  uid: string;
  email?: string;
  name?: string;
}
