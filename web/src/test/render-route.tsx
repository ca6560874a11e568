import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { connectRouter } from '@/lib/server-state';

/** The routers the running test made: ended after it (test/setup.ts). */
const routers = new Set<ReturnType<typeof createMemoryRouter>>();

/**
 * What the test's loaders started and has not settled: every run of a loader (a navigation, a
 * re-read, one a newer load made the router give up) and the answers it handed over as promises.
 */
const pending = new Set<Promise<unknown>>();

function track(value: unknown): void {
  if (!(value instanceof Promise)) return;
  pending.add(value);
  const done = () => void pending.delete(value);
  value.then(done, done);
}

/** `routes` with each loader's runs and the promises they hand over tracked (children too). */
function tracked(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { loader } = route;
    const children = route.children && tracked(route.children);
    if (typeof loader !== 'function') return children ? { ...route, children } : route;
    return {
      ...route,
      ...(children ? { children } : {}),
      loader: (...args: Parameters<typeof loader>) => {
        const result = loader(...args);
        const handOver = (data: unknown) => {
          if (data && typeof data === 'object') Object.values(data).forEach(track);
          return data;
        };
        if (result instanceof Promise) {
          const run = result.then(handOver);
          track(run);
          return run;
        }
        return handOver(result);
      },
    } as RouteObject;
  });
}

/**
 * Ends the routers of the test that ran, once what they were loading has settled (at most 1 s),
 * and waits for what their loaders started (at most 5 s): a
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
    router.dispose();
  }
  // Idle routers may still have loaders running (a re-read the router gave up) or answers they
  // handed over as promises (a list whose params wait for auth): they run on after the test, and
  // after its file's window is gone, unless it waits for them (at most 5 s).
  for (let waited = 0; pending.size > 0 && waited < 5000; waited += 50)
    await Promise.race([Promise.allSettled([...pending]), pause(50)]);
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
  const router = createMemoryRouter(tracked(routes), { initialEntries: [path] });
  routers.add(router);
  connectRouter(router);
  render(<RouterProvider router={router} />);
  return router;
}
