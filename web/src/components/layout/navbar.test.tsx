import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '@/lib/auth';
import { Navbar } from './navbar';

const auth = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  let state: AuthState = { loading: false, user: null };
  return {
    get: () => state,
    set(next: AuthState) {
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});

vi.mock('@/lib/auth', async () => {
  const { useSyncExternalStore } = await import('react');
  return { useAuth: () => useSyncExternalStore(auth.subscribe, auth.get) };
});

const ALL = ['Home', 'All Plants', 'Add Plant', 'My Plants', 'Dashboard', 'Support', 'AboutUs', 'Login', 'Register'];
const SIGNED_IN = [
  ...['Home', 'All Plants', 'Add Plant', 'My Plants', 'Dashboard', 'Household'],
  ...['Support', 'AboutUs'],
];
const gardener = { uid: 'u1', email: 'gardener@example.test', displayName: 'Gardener', photoURL: null };

function renderNavbar() {
  const router = createMemoryRouter([{ path: '*', element: <Navbar account={null} /> }], {
    initialEntries: ['/aboutUs'],
  });
  render(<RouterProvider router={router} />);
}

/** The wide bar's links and the phone menu's (both are in the DOM; CSS shows one at a time). */
function navLinks() {
  const [wide, phone] = document.querySelectorAll<HTMLElement>('nav[aria-label="Main"]');
  expect(phone).toHaveAttribute('id', 'mobile-menu');
  const labels = (nav: HTMLElement) =>
    within(nav)
      .queryAllByRole('link', { hidden: true })
      .map((link) => link.textContent);
  return { wide: labels(wide!), phone: labels(phone!) };
}

/** The phone menu's links as a screen reader finds them once the menu is open. */
function openMenuLinks() {
  const menu = document.getElementById('mobile-menu')!;
  expect(menu).toBeVisible();
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('Navbar', () => {
  beforeEach(() => act(() => auth.set({ loading: false, user: null })));

  it('offers Login and Register to a visitor, in the wide bar and in the phone menu', async () => {
    renderNavbar();
    expect(navLinks()).toEqual({ wide: ALL, phone: ALL });
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(openMenuLinks()).toEqual(ALL);
  });

  it('leaves Login and Register out for a signed-in user, adds Household, and undoes both after sign-out', async () => {
    act(() => auth.set({ loading: false, user: gardener }));
    renderNavbar();
    expect(navLinks()).toEqual({ wide: SIGNED_IN, phone: SIGNED_IN });
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(openMenuLinks()).toEqual(SIGNED_IN);

    act(() => auth.set({ loading: false, user: null }));
    expect(navLinks()).toEqual({ wide: ALL, phone: ALL });
  });
});
