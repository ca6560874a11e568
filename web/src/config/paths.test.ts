import { describe, expect, it } from 'vitest';
import { isProtectedPath } from './paths';

describe('isProtectedPath', () => {
  it.each(['/addPlants', '/myPlants', '/plant/abc', '/update/abc', '/dashboard', '/dashboard/my-items'])('%s needs sign-in', (path) => {
    expect(isProtectedPath(path)).toBe(true);
  });
  it.each(['/', '/login', '/register', '/allPlants', '/support', '/aboutUs', '/plants', '/dashboards', '/nowhere'])('%s does not', (path) => {
    expect(isProtectedPath(path)).toBe(false);
  });
});
