import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from './require-auth';
import { routes } from './router';
import { pageTitle } from './use-page-title';

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
    ['/no/such/page', 'Not Found'],
    ['/allplants/typo', 'Not Found'],
  ])('titles %s "Mango Grove Tracker | %s"', (path, name) => {
    expect(titleAt(path)).toBe(`Mango Grove Tracker | ${name}`);
  });

  it('puts exactly the login-required screens behind the auth gate', () => {
    const gated = (path: string) => matchRoutes(routes, path)!.some((match) => match.route.Component === RequireAuth);
    for (const path of ['/addPlants', '/myPlants', '/plant/x', '/update/x', '/dashboard', '/dashboard/today', '/dashboard/add-item'])
      expect(gated(path), path).toBe(true);
    for (const path of ['/', '/login', '/register', '/allPlants', '/support', '/aboutUs', '/nope']) expect(gated(path), path).toBe(false);
  });
});
