import { useSyncExternalStore } from 'react';

/**
 * Auth state lives outside React, so loaders and components read the same thing. The Firebase
 * SDK is loaded on first use (startAuth runs right after the first render).
 */
export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

export interface AuthState {
  /** True until Firebase reports the first user state, and while a sign-in or sign-out runs. */
  loading: boolean;
  user: AuthUser | null;
}

type FirebaseModule = typeof import('./firebase');

let state: AuthState = { loading: true, user: null };
let firstReport = false;
const listeners = new Set<() => void>();
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

let started = false;
/** Starts observing Firebase's auth state, once. */
export function startAuth(): void {
  if (started) return;
  started = true;
  void loadFirebase().then(({ auth, onAuthStateChanged }) => {
    onAuthStateChanged(auth, (user) => {
      firstReport = true;
      setState({ loading: false, user: toAuthUser(user) });
      for (const resolve of readyWaiters.splice(0)) resolve(state.user);
    });
  });
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves with the signed-in user (or null) once Firebase has reported the first state. */
export function whenAuthReady(): Promise<AuthUser | null> {
  startAuth();
  if (firstReport) return Promise.resolve(state.user);
  return new Promise((resolve) => readyWaiters.push(resolve));
}

/** The current user's Firebase ID token, refreshed by the SDK when it is near expiry. */
export async function getIdToken(): Promise<string | null> {
  await whenAuthReady();
  const { auth } = await loadFirebase();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

/** Marks auth as busy while an action runs; Firebase's next report clears it. */
export async function runAuthAction<T>(action: (firebase: FirebaseModule) => Promise<T>): Promise<T> {
  setState({ ...state, loading: true });
  try {
    const firebase = await loadFirebase();
    return await action(firebase);
  } catch (error) {
    setState({ ...state, loading: false });
    throw error;
  }
}

/** Re-reads the current user after a profile change (onAuthStateChanged does not fire for it). */
export async function refreshUser(): Promise<void> {
  const { auth } = await loadFirebase();
  setState({ loading: false, user: toAuthUser(auth.currentUser) });
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}
