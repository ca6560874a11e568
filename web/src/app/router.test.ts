import { matchRoutes, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import hosting from '../../../firebase.json';
import { PRERENDERED_PAGES } from '../../build/prerendered-pages';
import { signInPages } from '@/config/paths';
import { remembersNoUser } from '@/lib/auth';
import { RequireAuth } from './require-auth';
import { createRouter, routerReady, routes, sendVisitorToLogin } from './router';
import { pageTitle } from './use-page-title';

/** The route of the auth gate, whose children are the sign-in pages. */
const gate = () => routes[0]!.children![0]!.children!.find((route) => route.Component === RequireAuth)!;

vi.mock('@/lib/auth', async (original) => ({
  ...(await original<typeof import('@/lib/auth')>()),
  remembersNoUser: vi.fn(),
}));

function titleAt(path: string): string {
  const matches = matchRoutes(routes, path);
  if (!matches) throw new Error(`No route matches ${path}`);
  return pageTitle(matches.map((match) => match.route.handle));
}

describe('the route table', () => {
  it.each([
    ['/', 'Home'],
    ['/login', 'Login'],
    ['/register', 'Register'],
    ['/allPlants', 'All Plants'],
    ['/support', 'Support'],
    ['/aboutUs', 'About Us'],
    ['/addPlants', 'Add Plant'],
    ['/myPlants', 'My Plants'],
    ['/plant/abc123', 'Plant Details'],
    ['/update/abc123', 'Update Plant'],
    ['/dashboard', 'Dashboard Overview'],
    ['/dashboard/today', 'Today'],
    ['/dashboard/all-items', 'All Items'],
    ['/dashboard/my-items', 'My Items'],
    ['/dashboard/add-item', 'Add Item'],
    ['/dashboard/places', 'Places'],
    ['/household', 'Household'],
    ['/join/abc123', 'Join a Household'],
    ['/no/such/page', 'Not Found'],
    ['/allplants/typo', 'Not Found'],
  ])('titles %s "Mango Grove Tracker | %s"', (path, name) => {
    expect(titleAt(path)).toBe(`Mango Grove Tracker | ${name}`);
  });

  it('puts exactly the login-required screens behind the auth gate', () => {
    const gated = (path: string) => matchRoutes(routes, path)!.some((match) => match.route.Component === RequireAuth);
    for (const path of [
      '/addPlants',
      '/myPlants',
      '/plant/x',
      '/update/x',
      '/dashboard',
      '/dashboard/today',
      '/dashboard/add-item',
      '/dashboard/places',
      '/household',
    ])
      expect(gated(path), path).toBe(true);
    for (const path of ['/', '/login', '/register', '/allPlants', '/support', '/aboutUs', '/join/x', '/nope'])
      expect(gated(path), path).toBe(false);
  });

  it('gates exactly the sign-in pages that index.html fetches Login for', () => {
    const gatedPaths = (children: RouteObject[], parent = ''): string[] =>
      children.flatMap((route) => {
        const path = route.path ? (route.path.startsWith('/') ? route.path : `${parent}/${route.path}`) : parent;
        return [...(route.index || route.path ? [path] : []), ...gatedPaths(route.children ?? [], path)];
      });
    const covered = (path: string) => signInPages.some((page) => path === page || path.startsWith(`${page}/`));
    for (const path of gatedPaths(gate().children!)) expect(covered(path), path).toBe(true);
    for (const route of routes[0]!.children![0]!.children!.filter((route) => route !== gate()))
      if (route.path) expect(covered(route.path), route.path).toBe(false);
  });
});

describe('Hosting', () => {
  /** Every page's path, a parameter as a sample value: what Hosting must answer with a page. */
  const pagePaths = (children: RouteObject[], parent = ''): string[] =>
    children.flatMap((route) => {
      const path = route.path
        ? route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`
        : parent;
      return [
        ...(route.index || route.path ? [path.replace(/:\w+/g, 'x')] : []),
        ...pagePaths(route.children ?? [], path),
      ];
    });
  const appRewrites = hosting.hosting.rewrites.flatMap((rewrite) =>
    'destination' in rewrite && rewrite.destination === '/app.html' ? [rewrite.source] : [],
  );
  /** Hosting's globs as firebase.json uses them: `**` any rest of the path. */
  const rewritten = (path: string) =>
    appRewrites.some((source) => (source.endsWith('/**') ? path.startsWith(source.slice(0, -2)) : path === source));

  it('answers every route with its prerendered file or app.html, and nothing else with a page', () => {
    // Not pages: the calendar panels' data routes.
    const pages = pagePaths(routes).filter(
      (path) => path !== '/*' && path !== '/calendar-feed' && path !== '/household-calendar-feed',
    );
    expect(pages).toContain('/dashboard/today');
    for (const path of pages) expect(path in PRERENDERED_PAGES || rewritten(path), path).toBe(true);
    // No catch-all: an unknown address is Hosting's 404.html, the prerendered not-found page.
    expect(appRewrites).not.toContain('**');
    expect(rewritten('/no/such/page')).toBe(false);
    expect(hosting.hosting.cleanUrls).toBe(true);
  });
});

describe('a visitor sent to /login, then the router started', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('starts a visitor (nobody remembered) at /login, keeping the page asked for, without loading that page', async () => {
    vi.mocked(remembersNoUser).mockReturnValue(true);
    window.history.replaceState(null, '', '/plant/abc123?tab=care#notes');
    const plantPage = routes[0]!
      .children![0]!.children!.find((route) => route.Component === RequireAuth)!
      .children!.find((route) => route.path === '/plant/:id')!;
    const original = plantPage.lazy;
    const load = vi.fn(original as () => Promise<never>);
    plantPage.lazy = load;
    sendVisitorToLogin();
    const router = createRouter();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/plant/abc123', search: '?tab=care', hash: '#notes' },
    });
    expect(window.location.pathname).toBe('/login');
    expect(load).not.toHaveBeenCalled();
    // Login's module, which the router has begun to load, is in before the file can end.
    await routerReady(router);
    router.dispose();
    plantPage.lazy = original;
  });

  it('leaves a remembered user, and a visitor on a public page, where they are', async () => {
    // The pages themselves are not loaded: their loaders would start Firebase Auth and read the
    // API after this file has ended (an unhandled rejection in the next file, 2026-11-29).
    const inert = ['/myPlants', '/allPlants'].map((path) => {
      const route = findRoute(routes, path)!;
      const original = { lazy: route.lazy, loader: route.loader };
      route.lazy = undefined;
      route.loader = () => null;
      return () => Object.assign(route, original);
    });
    try {
      vi.mocked(remembersNoUser).mockReturnValue(false);
      window.history.replaceState(null, '', '/myPlants');
      sendVisitorToLogin();
      let router = createRouter();
      expect(router.state.location.pathname).toBe('/myPlants');
      await routerReady(router);
      router.dispose();

      vi.mocked(remembersNoUser).mockReturnValue(true);
      window.history.replaceState(null, '', '/allPlants');
      sendVisitorToLogin();
      router = createRouter();
      expect(router.state.location.pathname).toBe('/allPlants');
      await routerReady(router);
      router.dispose();
    } finally {
      inert.forEach((restore) => restore());
    }
  });
});

/** The route of `path` in `table`, at any depth. */
function findRoute(table: RouteObject[], path: string): RouteObject | undefined {
  for (const route of table) {
    if (route.path === path) return route;
    const found = route.children && findRoute(route.children, path);
    if (found) return found;
  }
  return undefined;
}
