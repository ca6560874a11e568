import type { LoaderFunction } from 'react-router-dom';
import { vi } from 'vitest';
import { apiFetch } from '@/lib/api-client';

type Route = { loader: LoaderFunction };

/**
 * Runs a route's loader as the router does for `href`, with the request's signal, outside any
 * router (the server-state model then keeps nothing shown).
 */
export async function runLoader<T>(route: Route, href: string, signal?: AbortSignal): Promise<T> {
  const request = new Request(href, { signal });
  const url = new URL(request.url);
  return (await route.loader({ request, url, pattern: url.pathname, params: {}, context: undefined })) as T;
}

/**
 * A fake of apiFetch for a server that never answers: the request fails only once it is given up
 * (its signal aborted: a newer load of the page, the test's end), with the signal's reason, as
 * fetch does. A loader's read that never settled at all would fail its test at the end
 * (disposeRouters in render-route.tsx).
 */
export function neverAnswered(_path: string, options?: { signal?: AbortSignal }): Promise<never> {
  return new Promise((_resolve, reject) =>
    options?.signal?.addEventListener('abort', () => reject(options.signal!.reason)),
  );
}

/**
 * Runs a route's loader, then gives it up as the router does for a newer load of the page (its
 * request aborted). The test file mocks apiFetch (vi.mock of '@/lib/api-client'): here it answers
 * only when its request is aborted (`neverAnswered`).
 */
export async function runLoaderGivenUp<T>(route: Route, href: string): Promise<T> {
  vi.mocked(apiFetch).mockImplementation(neverAnswered);
  const controller = new AbortController();
  const data = await runLoader<T>(route, href, controller.signal);
  controller.abort();
  return data;
}
