import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { signUp, type SignedUp } from '../api/sign-up';
import { RegisterForm } from './register-form';

vi.mock('../api/sign-up', () => ({ signUp: vi.fn() }));
vi.mock('@/lib/toast');
// The form loads Firebase's SDK when it shows (useAuthSoon); nothing here needs it, and its first
// report could come after this file's window is gone (an unhandled rejection, 2026-11-29).
vi.mock('@/lib/auth', async (original) => ({
  ...(await original<typeof import('@/lib/auth')>()),
  useAuthSoon: () => undefined,
}));

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/register', element: <RegisterForm /> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: ['/register'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const rule = (label: string) =>
  within(screen.getByRole('list', { name: 'Password requirements' }))
    .getByText(label)
    .closest('li')!;

async function fillValidFields(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full Name'), 'Rosa Green');
  await user.type(screen.getByLabelText('Photo URL'), 'https://example.com/rosa.jpg');
  await user.type(screen.getByLabelText('Email'), 'rosa@example.test');
}

describe('RegisterForm', () => {
  beforeEach(() => {
    vi.mocked(signUp).mockReset();
    vi.mocked(toast.info).mockReset();
  });

  it('ticks the password checklist live as the user types', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription(/At least 6 characters/);
    for (const label of ['At least 6 characters', 'Contains uppercase letter', 'Contains lowercase letter']) {
      expect(rule(label)).toHaveAttribute('data-met', 'false');
      expect(rule(label)).toHaveTextContent('(not met yet)');
    }

    await user.type(password, 'abc');
    expect(rule('Contains lowercase letter')).toHaveAttribute('data-met', 'true');
    expect(rule('Contains uppercase letter')).toHaveAttribute('data-met', 'false');
    expect(rule('At least 6 characters')).toHaveAttribute('data-met', 'false');

    await user.type(password, 'DEF');
    for (const label of ['At least 6 characters', 'Contains uppercase letter', 'Contains lowercase letter']) {
      expect(rule(label)).toHaveAttribute('data-met', 'true');
      expect(rule(label)).toHaveTextContent('(met)');
    }
  });

  it('refuses a weak password with the spec message and creates no account', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillValidFields(user);
    await user.type(screen.getByLabelText('Password'), 'abcdefg');
    await user.click(screen.getByRole('button', { name: 'Register Now' }));

    expect(await screen.findByText('Password does not meet all requirements')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(signUp).not.toHaveBeenCalled();
  });

  it('requires every field and a real photo link', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText('Please enter your full name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a link to your photo.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Please choose a password.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Photo URL'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText('Enter a full link that starts with http:// or https://.')).toBeInTheDocument();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('shows "Creating account..." while busy, then goes home saying where the link to confirm the address went', async () => {
    let finish!: (signedUp: SignedUp) => void;
    vi.mocked(signUp).mockReturnValue(new Promise<SignedUp>((resolve) => (finish = resolve)));
    const user = userEvent.setup({ delay: null });
    const router = renderForm();
    await fillValidFields(user);
    await user.type(screen.getByLabelText('Password'), 'Abcdef1');
    await user.click(screen.getByRole('button', { name: 'Register Now' }));

    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    expect(signUp).toHaveBeenCalledWith({
      name: 'Rosa Green',
      photoURL: 'https://example.com/rosa.jpg',
      email: 'rosa@example.test',
      password: 'Abcdef1',
    });
    expect(toast.info).not.toHaveBeenCalled();
    finish({ verificationSent: true });
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(toast.info).toHaveBeenCalledTimes(1);
    expect(toast.info).toHaveBeenCalledWith('We sent a link to rosa@example.test to confirm your address.');
  });

  it('goes home without claiming a link was sent when it could not be', async () => {
    vi.mocked(signUp).mockResolvedValue({ verificationSent: false });
    const user = userEvent.setup({ delay: null });
    const router = renderForm();
    await fillValidFields(user);
    await user.type(screen.getByLabelText('Password'), 'Abcdef1');
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(toast.info).not.toHaveBeenCalled();
  });

  it("shows the provider's failure as a sentence and re-enables the form", async () => {
    vi.mocked(signUp).mockRejectedValue(
      Object.assign(new Error('Firebase: Error (auth/email-already-in-use).'), { code: 'auth/email-already-in-use' }),
    );
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillValidFields(user);
    await user.type(screen.getByLabelText('Password'), 'Abcdef1');
    await user.click(screen.getByRole('button', { name: 'Register Now' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email address already exists. Log in instead.',
    );
    expect(screen.getByRole('button', { name: 'Register Now' })).toBeEnabled();
  });
});
