import type { InviteInfo } from '@model/household';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UNKNOWN_INVITE_MESSAGE } from '@/features/households/components/invite-card';
import { ApiError, apiFetch } from '@/lib/api-client';
import { currentUser, useAuth } from '@/lib/auth';
import { redirectTarget } from '@/lib/redirect-target';
import { toast } from '@/lib/toast';
import { renderRoutes } from '@/test/render-route';
import * as route from './join';

vi.mock('@/lib/api-client');
vi.mock('@/lib/auth', () => ({ useAuth: vi.fn(), currentUser: vi.fn() }));
vi.mock('@/lib/toast');

const TOKEN = 'a'.repeat(43);
const me = { uid: 'u2', email: 'me@example.test', displayName: 'Me', photoURL: null };
const sitterInvite: InviteInfo = { householdName: 'Green Flat', invitedBy: 'Ana', role: 'sitter', until: '2026-03-04' };

/** Where a sign-in page would send the reader back to once they are signed in. */
function SignInPage() {
  return <p>sign in, then back to {redirectTarget(useLocation().state)}</p>;
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/join/:token', ...route },
      { path: '/login', Component: SignInPage },
      { path: '/register', Component: SignInPage },
      { path: '/household', element: <p>household page</p> },
    ],
    `/join/${TOKEN}`,
  );
}

function signedIn(signed: boolean) {
  vi.mocked(useAuth).mockReturnValue({ loading: false, user: signed ? me : null });
  vi.mocked(currentUser).mockResolvedValue(signed ? me : null);
}

describe('the invite page', () => {
  beforeEach(() => {
    vi.mocked(apiFetch).mockReset();
    vi.mocked(toast.success).mockReset();
  });

  it('asks a visitor to sign in or register first, with links that come back to the invite', async () => {
    const user = userEvent.setup({ delay: null });
    signedIn(false);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'You are invited to a household' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(apiFetch).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByText(`sign in, then back to /join/${TOKEN}`)).toBeVisible();
  });

  it('shows a signed-in reader who invites them, to what, and accepts', async () => {
    const user = userEvent.setup({ delay: null });
    signedIn(true);
    vi.mocked(apiFetch).mockImplementation(((path: string) =>
      Promise.resolve(
        path === '/mango/household/join'
          ? { household: { _id: 'h1', name: 'Green Flat', role: 'sitter', members: [] } }
          : sitterInvite,
      )) as never);
    const router = renderPage();
    expect(await screen.findByRole('heading', { name: 'Join "Green Flat"' })).toBeVisible();
    expect(screen.getByText(/invites you to the household/)).toHaveTextContent(
      'Ana invites you to the household Green Flat as a sitter until March 4, 2026.',
    );
    expect(apiFetch).toHaveBeenCalledWith(`/mango/household/invites/${TOKEN}`, expect.anything());

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('household page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/household');
    expect(apiFetch).toHaveBeenLastCalledWith(
      '/mango/household/join',
      expect.objectContaining({ method: 'POST', body: { token: TOKEN } }),
    );
    expect(toast.success).toHaveBeenCalledWith('Welcome to "Green Flat".');
  });

  it('says why a link cannot be used: the server’s sentence for a used one (410), ours for an unknown one', async () => {
    signedIn(true);
    vi.mocked(apiFetch).mockRejectedValueOnce(
      new ApiError(410, 'gone', 'This invite link has already been used. Ask for a new one.'),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invite link has already been used. Ask for a new one.',
    );
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('says an unknown link does not work (404)', async () => {
    signedIn(true);
    vi.mocked(apiFetch).mockRejectedValueOnce(new ApiError(404, 'not_found', 'Not found.'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(UNKNOWN_INVITE_MESSAGE);
    expect(screen.getByRole('link', { name: 'Go to your household page' })).toHaveAttribute('href', '/household');
  });

  it('says so when accepting finds the reader already in a household (409)', async () => {
    const user = userEvent.setup({ delay: null });
    signedIn(true);
    vi.mocked(apiFetch)
      .mockResolvedValueOnce(sitterInvite)
      .mockRejectedValueOnce(new ApiError(409, 'conflict', 'You already belong to a household: leave it first.'));
    const again = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('You already belong to a household: leave it first.'),
    );
    expect(again.state.location.pathname).toBe(`/join/${TOKEN}`);
  });
});
