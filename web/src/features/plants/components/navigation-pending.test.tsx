import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigationPending } from './navigation-pending';

const DELAY = 300;
const overlay = () => screen.queryByText('Loading, please wait...');
/** Moves the fake clock on and lets React and the router handle what became due. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** A page with the overlay, and two next screens whose loaders take `quickMs` and as long as the test says. */
function renderRouter(quickMs: number) {
  let finishSlow!: () => void;
  const router = createMemoryRouter(
    [
      { path: '/', element: <NavigationPending delayMs={DELAY} /> },
      {
        path: '/quick',
        loader: () => new Promise<null>((resolve) => setTimeout(() => resolve(null), quickMs)),
        element: <p>quick page</p>,
      },
      {
        path: '/slow',
        loader: () => new Promise<null>((resolve) => (finishSlow = () => resolve(null))),
        element: <p>slow page</p>,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, finishSlow: () => finishSlow() };
}

describe('NavigationPending', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never shows the overlay for a next screen that loads within the delay', async () => {
    const { router } = renderRouter(DELAY - 50);
    act(() => void router.navigate('/quick'));
    for (let elapsed = 0; elapsed < DELAY - 50; elapsed += 50) {
      expect(router.state.navigation.state, `at ${elapsed} ms`).toBe('loading');
      expect(overlay(), `at ${elapsed} ms`).not.toBeInTheDocument();
      await advance(50);
    }
    expect(router.state.navigation.state).toBe('idle');
    expect(screen.getByText('quick page')).toBeInTheDocument();
    await advance(DELAY * 3);
    expect(overlay()).not.toBeInTheDocument();
  });

  it('shows the overlay once a slow next screen has taken the delay, until it arrives', async () => {
    const { router, finishSlow } = renderRouter(0);
    act(() => void router.navigate('/slow'));
    await advance(DELAY - 1);
    expect(router.state.navigation.state).toBe('loading');
    expect(overlay()).not.toBeInTheDocument();
    await advance(1);
    expect(overlay()).toBeInTheDocument();
    await advance(5000);
    expect(overlay()).toBeInTheDocument();

    await act(async () => finishSlow());
    expect(screen.getByText('slow page')).toBeInTheDocument();
    expect(overlay()).not.toBeInTheDocument();
  });

  it('waits out the delay again on the next navigation when it stays on screen between them', async () => {
    let finishSlow!: () => void;
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <NavigationPending delayMs={DELAY} />
              <Outlet />
            </>
          ),
          children: [
            {
              path: 'first',
              loader: () => new Promise<null>((resolve) => setTimeout(() => resolve(null), DELAY * 2)),
              element: <p>first page</p>,
            },
            {
              path: 'second',
              loader: () => new Promise<null>((resolve) => (finishSlow = () => resolve(null))),
              element: <p>second page</p>,
            },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    act(() => void router.navigate('/first'));
    await advance(DELAY);
    expect(overlay()).toBeInTheDocument();
    await advance(DELAY);
    expect(screen.getByText('first page')).toBeInTheDocument();
    expect(overlay()).not.toBeInTheDocument();

    act(() => void router.navigate('/second'));
    await advance(DELAY - 1);
    expect(overlay()).not.toBeInTheDocument();
    await advance(1);
    expect(overlay()).toBeInTheDocument();
    await act(async () => finishSlow());
    expect(overlay()).not.toBeInTheDocument();
  });
});
