import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshUser, runAuthAction } from '@/lib/auth';
import { signUp } from './sign-up';

vi.mock('@/lib/auth', () => ({ runAuthAction: vi.fn(), refreshUser: vi.fn(async () => undefined) }));

/** Firebase Auth as sign-up reaches it, through runAuthAction. */
const user = { uid: 'u1', email: 'rosa@example.test' };
const firebase = {
  auth: { name: 'the app auth' },
  createUserWithEmailAndPassword: vi.fn(async () => ({ user })),
  updateProfile: vi.fn(async () => undefined),
  sendEmailVerification: vi.fn<(user: unknown) => Promise<void>>(),
};
const input = { name: 'Rosa Green', photoURL: 'https://example.com/rosa.jpg', email: user.email, password: 'Abcdef1' };

describe('signUp', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    firebase.sendEmailVerification.mockResolvedValue(undefined);
    vi.mocked(runAuthAction).mockImplementation((action) => action(firebase as never));
  });

  it('creates the account, sets its profile, then has Firebase email the link that confirms the address', async () => {
    await expect(signUp(input)).resolves.toEqual({ verificationSent: true });
    expect(firebase.createUserWithEmailAndPassword).toHaveBeenCalledWith(firebase.auth, user.email, 'Abcdef1');
    expect(firebase.updateProfile).toHaveBeenCalledWith(user, {
      displayName: 'Rosa Green',
      photoURL: 'https://example.com/rosa.jpg',
    });
    expect(firebase.sendEmailVerification).toHaveBeenCalledTimes(1);
    expect(firebase.sendEmailVerification).toHaveBeenCalledWith(user);
    const [created] = firebase.createUserWithEmailAndPassword.mock.invocationCallOrder;
    const [profiled] = firebase.updateProfile.mock.invocationCallOrder;
    const [verified] = firebase.sendEmailVerification.mock.invocationCallOrder;
    expect(created).toBeLessThan(profiled!);
    expect(profiled).toBeLessThan(verified!);
    expect(refreshUser).toHaveBeenCalled();
  });

  it('registers all the same when the link cannot be sent, and logs no address', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    firebase.sendEmailVerification.mockRejectedValue(
      Object.assign(new Error(`Firebase: Error (auth/too-many-requests) for ${user.email}.`), {
        code: 'auth/too-many-requests',
      }),
    );
    await expect(signUp(input)).resolves.toEqual({ verificationSent: false });
    expect(refreshUser).toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(warn.mock.calls)).not.toContain(user.email);
    warn.mockRestore();
  });
});
