import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it('returns the remembered location with its query', () => {
    expect(redirectTarget({ from: { pathname: '/myPlants', search: '?sort=name', hash: '' } })).toBe(
      '/myPlants?sort=name',
    );
    expect(redirectTarget({ from: { pathname: '/plant/abc', search: '', hash: '#notes' } })).toBe('/plant/abc#notes');
    expect(redirectTarget({ from: '/dashboard/my-items' })).toBe('/dashboard/my-items');
  });

  it('falls back to home without a usable origin', () => {
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget(undefined)).toBe('/');
    expect(redirectTarget({})).toBe('/');
    expect(redirectTarget({ from: { pathname: 42 } })).toBe('/');
    expect(redirectTarget({ from: '//evil.example/' })).toBe('/');
    expect(redirectTarget({ from: 'https://evil.example/' })).toBe('/');
    expect(redirectTarget({ from: { pathname: '/login', search: '' } })).toBe('/');
  });
});
