import { useEffect } from 'react';
import { useBrowserValue } from './hydration';
import { whenIdle } from './idle';

/**
 * Auth state lives outside React, so loaders and components read the same thing. The Firebase
 * SDK is loaded on first use: at once for anyone who was signed in or opens a page that needs
 * sign-in, when the browser is idle on the pages a visitor signs in on, and never for a visitor
 * who only browses (see startAuthSoon).
 */
export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

export interface AuthState {
  /**
   * True while a sign-in or sign-out runs, until Firebase's next report. Who is signed in is known
   * at once: the user remembered from this browser's last report (see readRememberedUser), or
   * nobody where it remembers none (remembersNoUser); Firebase's reports replace it.
   */
  loading: boolean;
  user: AuthUser | null;
}

type FirebaseModule = typeof import('./firebase');

/*
 * Who was signed in at Firebase's last report in this browser (localStorage, beside Firebase's own
 * session), so a returning user's pages, name and photo draw without waiting for the Firebase SDK
 * and its session check. Firebase's first report replaces it: a session that no longer holds
 * signs the user out, and protected pages then go to /login.
 */
const REMEMBERED_USER_KEY = 'mango.user';

function readRememberedUser(): AuthUser | null {
  try {
    const stored = JSON.parse(localStorage.getItem(REMEMBERED_USER_KEY) ?? 'null') as Partial<AuthUser> | null;
    if (!stored || typeof stored.uid !== 'string') return null;
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    return {
      uid: stored.uid,
      email: text(stored.email),
      displayName: text(stored.displayName),
      photoURL: text(stored.photoURL),
    };
  } catch {
    return null;
  }
}

function rememberUser(user: AuthUser | null): void {
  // What index.html's script sets from this key before first paint, kept in step (index.css).
  if (user) document.documentElement.dataset.account = user.photoURL ? 'photo' : 'plain';
  else delete document.documentElement.dataset.account;
  try {
    if (user) localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(REMEMBERED_USER_KEY);
  } catch {
    // Storage may be unavailable (private mode); the user is then known when Firebase reports.
  }
}

const rememberedUser = readRememberedUser();
let state: AuthState = { loading: false, user: rememberedUser };
/** The uid of Firebase's last report (null: nobody), until the first the user this browser remembers. */
let reportedUid = rememberedUser?.uid ?? null;
let firstReport = false;
const listeners = new Set<() => void>();
const signInListeners = new Set<(signIn: SignIn) => void>();
const readyWaiters: ((user: AuthUser | null) => void)[] = [];
let firebasePromise: Promise<FirebaseModule> | undefined;

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function loadFirebase(): Promise<FirebaseModule> {
  firebasePromise ??= import('./firebase');
  return firebasePromise;
}

function toAuthUser(user: import('./firebase').User | null): AuthUser | null {
  return user && { uid: user.uid, email: user.email, displayName: user.displayName, photoURL: user.photoURL };
}

/** A sign-in Firebase reported: who, and whether it made their account (a registration, a first Google sign-in). */
export interface SignIn {
  user: AuthUser;
  newAccount: boolean;
}

/** Firebase gives an account's first sign-in the time it was made. */
const isNewAccount = ({ metadata }: import('./firebase').User) =>
  metadata?.creationTime !== undefined && metadata.creationTime === metadata.lastSignInTime;

let started = false;
/** Starts observing Firebase's auth state, once. */
export function startAuth(): void {
  if (started) return;
  started = true;
  void loadFirebase().then(({ auth, onAuthStateChanged }) => {
    onAuthStateChanged(auth, (user) => {
      firstReport = true;
      const uid = user?.uid ?? null;
      // Another user, or none: what the browser kept for anyone else is deleted (user-data.ts),
      // whichever way the last one left (Logout, a sign-in over their session, the SDK ending a
      // disabled or revoked account's session, another tab; or while no page was open, when the
      // first report differs from the remembered user). Its code loads only then; storage that
      // cannot be opened (private mode) kept nothing to delete.
      if (uid !== reportedUid) forgetOtherUsers(uid).catch(() => undefined);
      const signedIn = user !== null && uid !== reportedUid;
      reportedUid = uid;
      rememberUser(toAuthUser(user));
      setState({ loading: false, user: toAuthUser(user) });
      for (const resolve of readyWaiters.splice(0)) resolve(state.user);
      if (signedIn)
        for (const listener of signInListeners) listener({ user: state.user!, newAccount: isNewAccount(user) });
    });
  });
}

/**
 * Starts auth at once for someone who was signed in last time. A visitor's browser loads the
 * Firebase SDK (about 32 KB, and a long task on a phone's CPU) only when something needs it: the
 * sign-in pages (useAuthSoon), an auth action, a signed-in page's loader (a page that needs
 * sign-in sends such a visitor to /login at once: remembersNoUser), or a sign-in in another tab,
 * which remembers its user in the storage this tab is told about.
 */
export function startAuthSoon(): void {
  if (rememberedUser) {
    startAuth();
    return;
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== REMEMBERED_USER_KEY || !event.newValue) return;
    window.removeEventListener('storage', onStorage);
    startAuth();
  };
  window.addEventListener('storage', onStorage);
}

/**
 * For the pages a visitor signs in on: Firebase is loaded once the browser is idle, so it is ready
 * when the form is sent (Google's popup must open within the click), and a session Firebase finds
 * after all shows (the Login page then sends the user on).
 */
export function useAuthSoon(): void {
  useEffect(() => whenIdle(startAuth), []);
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Calls `listener` at each sign-in: Firebase reporting a user other than the one before it (never
 * the user this browser remembers, reported again as a page loads), so a visitor's pages and a
 * returning user's page loads call nothing.
 */
export function onSignIn(listener: (signIn: SignIn) => void): () => void {
  signInListeners.add(listener);
  return () => signInListeners.delete(listener);
}

/**
 * Whether nobody can be signed in, known before Firebase reports: this browser remembers no user,
 * and every report remembers the user it names (Logout forgets it), so such a browser has no
 * Firebase session either, unless part of its storage was cleared. The auth gate sends such a
 * visitor to /login at once instead of waiting for the Firebase SDK to download and report; should
 * Firebase find a session after all, the Login page sends them on where they were going.
 */
export function remembersNoUser(): boolean {
  return !firstReport && rememberedUser === null;
}

/** Resolves with the signed-in user (or null) once Firebase has reported the first state. */
export function whenAuthReady(): Promise<AuthUser | null> {
  startAuth();
  if (firstReport) return Promise.resolve(state.user);
  return new Promise((resolve) => readyWaiters.push(resolve));
}

/**
 * The signed-in user (or null) as a loader needs it: at once when known (a user this browser
 * remembers is, and nobody is where it remembers no user: remembersNoUser), else once Firebase has
 * reported. Should Firebase report a user later, the router loads the page again as them.
 */
export function currentUser(): Promise<AuthUser | null> {
  if (remembersNoUser()) return Promise.resolve(null);
  return state.loading ? whenAuthReady() : Promise.resolve(state.user);
}

/** The current user's Firebase ID token, refreshed by the SDK when it is near expiry. */
export async function getIdToken(): Promise<string | null> {
  await whenAuthReady();
  const { auth } = await loadFirebase();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

/** Marks auth as busy while an action runs; Firebase's next report clears it. */
export async function runAuthAction<T>(action: (firebase: FirebaseModule) => Promise<T>): Promise<T> {
  startAuth();
  setState({ ...state, loading: true });
  try {
    const firebase = await loadFirebase();
    return await action(firebase);
  } catch (error) {
    setState({ ...state, loading: false });
    throw error;
  }
}

/**
 * Deletes what the browser kept for anyone but `uid` (null: for every user), through
 * user-data.ts, whose code loads only then: at each change of user Firebase reports (above), and at
 * Logout, which waits for it.
 */
export function forgetOtherUsers(uid: string | null): Promise<void> {
  return import('./user-data').then((userData) => userData.forgetOtherUsers(uid));
}

/** Re-reads the current user after a profile change (onAuthStateChanged does not fire for it). */
export async function refreshUser(): Promise<void> {
  const { auth } = await loadFirebase();
  const user = toAuthUser(auth.currentUser);
  rememberUser(user);
  setState({ loading: false, user });
}

/** What a prerendered page was drawn with (lib/hydration.ts): nobody known yet, the account area's placeholder. */
const PRERENDERED_AUTH: AuthState = { loading: true, user: null };

export function useAuth(): AuthState {
  return useBrowserValue(subscribeAuth, getAuthState, PRERENDERED_AUTH);
}
