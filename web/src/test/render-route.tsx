import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { connectRouter } from '@/lib/server-state';

/** The routers the running test made: ended after it (test/setup.ts). */
const routers = new Set<ReturnType<typeof createMemoryRouter>>();

/**
 * Ends the routers of the test that ran, once what they were loading, and the answers their
 * loaders handed over, have settled (at most 1 s each): a
 * loader left running, or started by a re-read after a change, would otherwise run after the test
 * file's mocks are gone (an unhandled "No currentUser export on the @/lib/auth mock" from My
 * Plants' loader, seen during the next file, 2026-11-29), or after its window is gone (My Plants'
 * list and shared plants, waiting for auth, reading `window.location`: a fresh clone's run, same day).
 */
export async function disposeRouters(): Promise<void> {
  const busy = (router: ReturnType<typeof createMemoryRouter>) =>
    router.state.navigation.state !== 'idle' ||
    router.state.revalidation !== 'idle' ||
    [...router.state.fetchers.values()].some((fetcher) => fetcher.state !== 'idle');
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  for (const router of routers) {
    for (let waited = 0; busy(router) && waited < 1000; waited += 10) await pause(10);
    // An idle router may still hold answers its loaders handed over as promises (a list whose
    // params wait for auth): they run on after the test unless it waits for them too.
    const handedOver = Object.values(router.state.loaderData as Record<string, unknown>).flatMap((data) =>
      data && typeof data === 'object' ? Object.values(data).filter((value) => value instanceof Promise) : [],
    );
    await Promise.race([Promise.allSettled(handedOver), pause(1000)]);
    router.dispose();
  }
  routers.clear();
  connectRouter(undefined);
}

/**
 * Renders routes the way the app runs them: a data router (in memory) that the server-state model
 * knows, so a page seen again waits for its loaders and the worker's word reaches them.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  // As in the app, the first loads run before the router is connected (and never see a router of another test).
  connectRouter(undefined);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  routers.add(router);
  connectRouter(router);
  render(<RouterProvider router={router} />);
  return router;
}
