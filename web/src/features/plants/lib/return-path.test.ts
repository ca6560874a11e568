import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('returnPath', () => {
  it('goes back to the from path or location', () => {
    expect(returnPath({ from: '/plant/abc' })).toBe('/plant/abc');
    expect(returnPath({ from: { pathname: '/allPlants', search: '?q=fern', hash: '' } })).toBe('/allPlants?q=fern');
  });

  it('falls back to My Plants without a from', () => {
    expect(returnPath(null)).toBe('/myPlants');
    expect(returnPath({})).toBe('/myPlants');
  });

  it('never leaves the site', () => {
    expect(returnPath({ from: '//evil.example/x' })).toBe('/');
    expect(returnPath({ from: 'https://evil.example' })).toBe('/');
  });
});
