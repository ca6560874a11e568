import { afterEach, describe, expect, it, vi } from 'vitest';

type Listener = (
  user: { uid: string; email: string | null; displayName: string | null; photoURL: string | null } | null,
) => void;
let reportState: Listener | undefined;

vi.mock('./firebase', () => ({
  auth: { currentUser: null },
  onAuthStateChanged: (_auth: unknown, listener: Listener) => {
    reportState = listener;
  },
}));

const forgetOtherUsers = vi.hoisted(() => vi.fn(async (_uid: string | null) => {}));
vi.mock('./user-data', () => ({ forgetOtherUsers }));

const ada = { uid: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null };
const grace = { uid: 'u2', email: 'grace@example.com', displayName: 'Grace', photoURL: null };

/** lib/auth.ts as a fresh page load finds it, with this browser's storage as it is now. */
async function loadAuth() {
  vi.resetModules();
  reportState = undefined;
  return import('./auth');
}

async function firebaseReports(user: typeof ada | null) {
  await vi.waitFor(() => expect(reportState).toBeDefined());
  reportState!(user);
}

describe('auth state across page loads', () => {
  afterEach(() => localStorage.clear());

  it('a visitor is known at once to be nobody, and a signed-in report is remembered', async () => {
    const auth = await loadAuth();
    expect(auth.getAuthState()).toEqual({ loading: false, user: null });
    auth.startAuth();
    await firebaseReports(ada);
    expect(auth.getAuthState()).toEqual({ loading: false, user: ada });
    expect(JSON.parse(localStorage.getItem('mango.user')!)).toEqual(ada);
  });

  it('a browser that remembers no user is known to have nobody signed in for loaders and the gate, until Firebase reports', async () => {
    const auth = await loadAuth();
    expect(auth.remembersNoUser()).toBe(true);
    await expect(auth.currentUser()).resolves.toBeNull();
    auth.startAuth();
    await firebaseReports(ada);
    expect(auth.remembersNoUser()).toBe(false);
    await expect(auth.currentUser()).resolves.toEqual(ada);

    localStorage.setItem('mango.user', JSON.stringify(ada));
    expect((await loadAuth()).remembersNoUser()).toBe(false);
  });

  it('a visitor who only browses never loads Firebase; a sign-in in another tab starts it here', async () => {
    const auth = await loadAuth();
    auth.startAuthSoon();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reportState).toBeUndefined();
    // Another tab's Logout (the key removed) is no reason; its sign-in (the user remembered) is.
    window.dispatchEvent(new StorageEvent('storage', { key: 'mango.user', newValue: null }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reportState).toBeUndefined();
    window.dispatchEvent(new StorageEvent('storage', { key: 'mango.user', newValue: JSON.stringify(ada) }));
    await firebaseReports(ada);
    expect(auth.getAuthState()).toEqual({ loading: false, user: ada });
  });

  it('a returning user is known at once, before Firebase is asked, and auth starts straight away', async () => {
    localStorage.setItem('mango.user', JSON.stringify(ada));
    const auth = await loadAuth();
    expect(auth.getAuthState()).toEqual({ loading: false, user: ada });
    expect(reportState).toBeUndefined();
    auth.startAuthSoon();
    await vi.waitFor(() => expect(reportState).toBeDefined());
  });

  it('a remembered user whose session no longer holds is signed out when Firebase reports, and forgotten', async () => {
    localStorage.setItem('mango.user', JSON.stringify(ada));
    const auth = await loadAuth();
    const ready = auth.whenAuthReady();
    await firebaseReports(null);
    await expect(ready).resolves.toBeNull();
    expect(auth.getAuthState()).toEqual({ loading: false, user: null });
    expect(localStorage.getItem('mango.user')).toBeNull();
  });

  it('whenAuthReady still waits for Firebase for a remembered user, since API calls need its token', async () => {
    localStorage.setItem('mango.user', JSON.stringify(ada));
    const auth = await loadAuth();
    let settled = false;
    void auth.whenAuthReady().then(() => (settled = true));
    await vi.waitFor(() => expect(reportState).toBeDefined());
    expect(settled).toBe(false);
    reportState!(ada);
    await vi.waitFor(() => expect(settled).toBe(true));
  });

  it("whenever the user changes, the browser forgets what it kept for anyone else: another user's sign-in, a sign-out by any way", async () => {
    forgetOtherUsers.mockClear();
    const auth = await loadAuth();
    auth.startAuth();
    await firebaseReports(ada);
    await vi.waitFor(() => expect(forgetOtherUsers.mock.calls).toEqual([['u1']]));
    // Grace signs in over Ada's session (no Logout), then the SDK ends Grace's (a disabled account).
    reportState!(grace);
    await vi.waitFor(() => expect(forgetOtherUsers.mock.calls).toEqual([['u1'], ['u2']]));
    reportState!(null);
    await vi.waitFor(() => expect(forgetOtherUsers.mock.calls).toEqual([['u1'], ['u2'], [null]]));
    expect(auth.getAuthState()).toEqual({ loading: false, user: null });
  });

  it('a session that ended while no page was open is forgotten at the first report; the same user again costs nothing', async () => {
    forgetOtherUsers.mockClear();
    localStorage.setItem('mango.user', JSON.stringify(ada));
    (await loadAuth()).startAuth();
    await firebaseReports(ada);
    reportState!(ada);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(forgetOtherUsers).not.toHaveBeenCalled();

    (await loadAuth()).startAuth();
    await firebaseReports(null);
    await vi.waitFor(() => expect(forgetOtherUsers.mock.calls).toEqual([[null]]));
  });

  it("tells of each sign-in, and whether it made the account, never of the remembered user's own report", async () => {
    localStorage.setItem('mango.user', JSON.stringify(ada));
    const auth = await loadAuth();
    const signIns = vi.fn();
    auth.onSignIn(signIns);
    auth.startAuth();
    // A page load of the user this browser remembers: no sign-in.
    await firebaseReports(ada);
    reportState!(null);
    expect(signIns).not.toHaveBeenCalled();
    // Grace registers: her account is made by this sign-in. Then Ada signs in again.
    const made = '2026-12-02T10:00:00.000Z';
    reportState!({ ...grace, metadata: { creationTime: made, lastSignInTime: made } } as typeof grace);
    reportState!({ ...ada, metadata: { creationTime: '2026-01-01', lastSignInTime: made } } as typeof ada);
    expect(signIns.mock.calls).toEqual([[{ user: grace, newAccount: true }], [{ user: ada, newAccount: false }]]);
  });

  it('ignores a stored value it cannot read', async () => {
    localStorage.setItem('mango.user', '{not json');
    expect((await loadAuth()).getAuthState()).toEqual({ loading: false, user: null });
    localStorage.setItem('mango.user', JSON.stringify({ email: 'no-uid@example.com' }));
    expect((await loadAuth()).getAuthState()).toEqual({ loading: false, user: null });
  });
});
