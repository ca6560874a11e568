import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logOut } from '@/features/auth/api/log-out';
import type { AuthState } from '@/lib/auth';
import { Component as DashboardLayout } from './layout';

let authState: AuthState;
vi.mock('@/lib/auth', () => ({ useAuth: () => authState }));
vi.mock('@/features/auth/api/log-out', () => ({ logOut: vi.fn() }));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      {
        path: '/dashboard',
        element: <DashboardLayout />,
        children: [
          { index: true, element: <h1>Overview page</h1> },
          { path: 'all-items', element: <h1>All Items page</h1> },
          { path: 'my-items', element: <h1>My Items page</h1> },
          { path: 'add-item', element: <h1>Add Item page</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const sidebar = () => screen.getByRole('complementary', { name: 'Dashboard sidebar', hidden: true });
const toggle = () => screen.getByRole('button', { name: 'Dashboard menu' });

describe('the dashboard shell', () => {
  beforeEach(() => {
    authState = {
      loading: false,
      user: { uid: 'u', email: 'rosa@example.test', displayName: 'Rosa Green', photoURL: null },
    };
    vi.mocked(logOut).mockReset();
  });

  it('lists the seven pages and marks the current one', () => {
    renderAt('/dashboard/my-items');
    const nav = within(sidebar()).getByRole('navigation', { name: 'Dashboard', hidden: true });
    const links = within(nav).getAllByRole('link', { hidden: true });
    expect(links.map((link) => link.textContent)).toEqual([
      'Overview',
      'Today',
      'All Items',
      'My Items',
      'Add Item',
      'Places',
      'Reminders',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard',
      '/dashboard/today',
      '/dashboard/all-items',
      '/dashboard/my-items',
      '/dashboard/add-item',
      '/dashboard/places',
      '/dashboard/reminders',
    ]);
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([
      null,
      null,
      null,
      'page',
      null,
      null,
      null,
    ]);
  });

  it.each([
    [{ uid: 'u', email: 'rosa@example.test', displayName: 'Rosa Green', photoURL: null }, 'Rosa Green', 'Logged In'],
    [{ uid: 'u', email: 'rosa@example.test', displayName: null, photoURL: null }, 'rosa@example.test', 'Logged In'],
    [null, 'Guest User', 'Guest'],
  ])('names the user (%#): display name, else email, else Guest User', (user, name, caption) => {
    authState = { loading: false, user };
    renderAt('/dashboard');
    expect(sidebar()).toHaveTextContent(name);
    expect(sidebar()).toHaveTextContent(caption);
    expect(within(sidebar()).queryAllByRole('button', { name: 'Logout', hidden: true })).toHaveLength(user ? 1 : 0);
  });

  it('shows the photo when there is one, and an icon otherwise', () => {
    authState = {
      loading: false,
      user: { uid: 'u', email: 'a@b.test', displayName: 'A', photoURL: 'https://example.com/a.png' },
    };
    renderAt('/dashboard');
    expect(sidebar().querySelector('img')).toHaveAttribute('src', 'https://example.com/a.png');
  });

  it('opens as a drawer from the menu button and closes on Escape, giving focus back', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/dashboard');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveAttribute('aria-controls', sidebar().id);
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar()).toHaveClass('visible');
    expect(within(sidebar()).getByRole('link', { name: 'Overview' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar()).toHaveClass('invisible');
    expect(toggle()).toHaveFocus();
  });

  it('keeps Tab inside the open drawer', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/dashboard');
    await user.click(toggle());
    const logout = within(sidebar()).getByRole('button', { name: 'Logout' });
    logout.focus();
    await user.tab();
    expect(within(sidebar()).getByRole('button', { name: 'Close dashboard menu' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(logout).toHaveFocus();
  });

  it('closes after a link is followed, on the new page', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderAt('/dashboard');
    await user.click(toggle());
    await user.click(within(sidebar()).getByRole('link', { name: 'All Items' }));
    expect(router.state.location.pathname).toBe('/dashboard/all-items');
    expect(screen.getByRole('heading', { name: 'All Items page' })).toBeVisible();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes from its own close button', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/dashboard');
    await user.click(toggle());
    await user.click(within(sidebar()).getByRole('button', { name: 'Close dashboard menu' }));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();
  });

  it('logs out and goes home', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(logOut).mockResolvedValue();
    const router = renderAt('/dashboard');
    await user.click(within(sidebar()).getByRole('button', { name: 'Logout', hidden: true }));
    expect(logOut).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/');
  });
});
