import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '@/lib/auth';
import { RequireAuth } from './require-auth';

let authState: AuthState;
let remembersNobody = false;
vi.mock('@/lib/auth', () => ({ useAuth: () => authState, remembersNoUser: () => remembersNobody }));

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
  return <p>login page, from {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginProbe /> },
      { Component: RequireAuth, children: [{ path: '/myPlants', element: <p>my plants page</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RequireAuth', () => {
  beforeEach(() => {
    authState = { loading: true, user: null };
    remembersNobody = false;
  });

  it('sends a browser that remembers no user to /login at once, without waiting for Firebase to report', async () => {
    remembersNobody = true;
    const router = renderAt('/myPlants');
    expect(await screen.findByText('login page, from /myPlants')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the full-screen spinner while auth is loading', () => {
    renderAt('/myPlants');
    expect(screen.getByRole('status')).toHaveTextContent('Loading, please wait...');
    expect(screen.queryByText('my plants page')).not.toBeInTheDocument();
  });

  it('sends a visitor to /login, remembering where they were going', async () => {
    authState = { loading: false, user: null };
    const router = renderAt('/myPlants?sort=name');
    expect(await screen.findByText('login page, from /myPlants?sort=name')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the page to a signed-in user', () => {
    authState = { loading: false, user: { uid: 'u1', email: 'a@example.test', displayName: 'A', photoURL: null } };
    renderAt('/myPlants');
    expect(screen.getByText('my plants page')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
