import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { connectRouter, isPending } from '@/lib/server-state';

/** The routers the running test made: ended after it (test/setup.ts). */
const routers = new Set<ReturnType<typeof createMemoryRouter>>();

/** Aborts every request the running test's loaders were given, when the test ends, as a router that gives up a page does. */
let testEnded = new AbortController();

/**
 * What the test's loaders started and has not settled, each with where it comes from: every run of
 * a loader (a navigation, a re-read, one a newer load made the router give up) and the answers it
 * handed over as promises.
 */
const pending = new Map<PromiseLike<unknown>, string>();

/** The clock the test began with: a test may fake it and leave it faked after its end. */
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

/**
 * Tracks any promise, whatever realm made it: in the unit tests' VM contexts a dynamic import's
 * promise, and whatever is chained on it (the home page's reminder), is the host's, which
 * `instanceof Promise` does not know (so such an answer went untracked and ran on after its test).
 */
function track(value: unknown, label: string): void {
  if (!isPending(value)) return;
  pending.set(value, label);
  const done = () => void pending.delete(value);
  value.then(done, done);
}

/**
 * `routes` with each loader's runs and the promises they hand over tracked (children too), and its
 * request aborted when the test ends as well as when the router gives it up.
 */
function tracked(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { loader } = route;
    const children = route.children && tracked(route.children);
    if (typeof loader !== 'function') return children ? { ...route, children } : route;
    const name = `the loader of ${route.path ?? (route.index ? 'an index route' : 'a pathless route')}`;
    return {
      ...route,
      ...(children ? { children } : {}),
      loader: (args: LoaderFunctionArgs, handlerContext?: unknown) => {
        const signal = AbortSignal.any([args.request.signal, testEnded.signal]);
        const result: unknown = loader({ ...args, request: new Request(args.request, { signal }) }, handlerContext);
        const handOver = (data: unknown) => {
          if (data && typeof data === 'object')
            for (const [key, value] of Object.entries(data)) track(value, `${name}: its answer "${key}"`);
          return data;
        };
        if (!isPending(result)) return handOver(result);
        const run = Promise.resolve(result).then(handOver);
        track(run, `${name}: a run`);
        return run;
      },
    } as RouteObject;
  });
}

/**
 * Ends the test's routers and everything their loaders started, and waits for it to settle while
 * the test's window and mocks are still there: anything left would run during the next test or
 * file, against reset mocks or no window (the unhandled rejections that failed fresh clones' runs
 * with every test passing). The test's end aborts every request its loaders were given, as a
 * router giving up a page does, so a read still waiting (an answer handed over, a re-read) fails
 * as fetch does and settles at once. What has not settled `within` ms later (a fake that ignores
 * its request's signal) fails the test, named, rather than running on unseen.
 */
export async function disposeRouters({ within = 5000 } = {}): Promise<void> {
  try {
    for (const router of routers) router.dispose();
    const end = () => testEnded.abort(new DOMException('The test has ended.', 'AbortError'));
    if (pending.size === 0) return end();
    // Inside act: an answer a page was suspended on settles here, and React is told of it.
    await act(async () => {
      end();
      const allSettled = (async () => {
        // What settles may have handed over more (a run, its answers): until nothing is left.
        while (pending.size > 0) await Promise.allSettled([...pending.keys()]);
      })();
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([allSettled, new Promise((resolve) => (timer = realSetTimeout(resolve, within)))]);
      realClearTimeout(timer);
    });
    if (pending.size > 0)
      throw new Error(
        `Still running ${within} ms after the test ended, so it would run during the next one: ${[
          ...new Set(pending.values()),
        ].join('; ')}. A fake that keeps a request waiting should answer its signal's abort, as fetch does.`,
      );
  } finally {
    pending.clear();
    routers.clear();
    testEnded = new AbortController();
    connectRouter(undefined);
  }
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
