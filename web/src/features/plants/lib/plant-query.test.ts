import { describe, expect, it } from 'vitest';
import indexHtml from '../../../../index.html?raw';
import { plantPagePath } from '../api/list-plant-page';
import {
  DEFAULT_QUERY,
  describeCount,
  describeSort,
  nextSort,
  PAGE_SIZE,
  parsePlantQuery,
  plantPageParams,
  plantQueryToParams,
  type PlantQuery,
} from './plant-query';
import { ALL_PLANTS_FIRST_REQUESTS } from './all-plants-first-view';

describe('the server query of a view', () => {
  it('asks for the search, filters and order, a page at a time, leaving blanks out', () => {
    expect(
      plantPageParams({
        search: '  fern ',
        category: 'fern',
        careLevel: 'Easy',
        petSafe: 'cats',
        sort: 'careLevel',
        direction: 'desc',
      }),
    ).toEqual({
      q: 'fern',
      category: 'fern',
      care: 'Easy',
      petSafe: 'cats',
      sort: 'careLevel',
      dir: 'desc',
      limit: PAGE_SIZE,
    });
    expect(plantPageParams({ ...DEFAULT_QUERY, search: '   ' })).toEqual({
      sort: 'nextWateringDate',
      dir: 'asc',
      limit: PAGE_SIZE,
    });
  });

  it("is, for the default view, the very request the build names for index.html to start before the app's code arrives", () => {
    const path = plantPagePath(plantPageParams(DEFAULT_QUERY));
    expect(path).toBe('/mango?sort=nextWateringDate&dir=asc&limit=12');
    expect(ALL_PLANTS_FIRST_REQUESTS).toEqual([path, '/mango/facets']);
    // The inline script only reads what the build wrote: a new page size never changes it (nor its CSP hash).
    expect(indexHtml).not.toContain('/mango?');
  });
});

describe('the URL query', () => {
  it('round-trips every field', () => {
    const query: PlantQuery = {
      search: 'fern & moss',
      category: 'Herbs',
      careLevel: 'moderate',
      petSafe: 'both',
      sort: 'careLevel',
      direction: 'desc',
    };
    const params = plantQueryToParams(query);
    expect(params.toString()).toBe('q=fern+%26+moss&category=Herbs&care=moderate&petSafe=both&sort=careLevel&dir=desc');
    expect(parsePlantQuery(new URLSearchParams(params.toString()))).toEqual(query);
  });

  it('leaves defaults out, so the default view is the bare page', () => {
    expect(plantQueryToParams(DEFAULT_QUERY).toString()).toBe('');
    expect(parsePlantQuery(new URLSearchParams())).toEqual(DEFAULT_QUERY);
    expect(plantQueryToParams({ ...DEFAULT_QUERY, direction: 'desc' }).toString()).toBe(
      'sort=nextWateringDate&dir=desc',
    );
  });

  it('falls back to the default sort and to every plant for unknown values', () => {
    expect(parsePlantQuery(new URLSearchParams('sort=price&dir=sideways'))).toEqual(DEFAULT_QUERY);
    expect(parsePlantQuery(new URLSearchParams('petSafe=hamsters'))).toEqual(DEFAULT_QUERY);
  });
});

describe('nextSort', () => {
  it('toggles the active key and starts a new key ascending', () => {
    const byDateDesc = nextSort(DEFAULT_QUERY, 'nextWateringDate');
    expect(byDateDesc).toMatchObject({ sort: 'nextWateringDate', direction: 'desc' });
    expect(nextSort(byDateDesc, 'nextWateringDate')).toMatchObject({ direction: 'asc' });
    expect(nextSort(byDateDesc, 'plantName')).toMatchObject({ sort: 'plantName', direction: 'asc' });
  });

  it('describes the order in words', () => {
    expect(describeSort(DEFAULT_QUERY)).toBe('Sorted by Watering Date, ascending (soonest first).');
    expect(describeSort({ sort: 'plantName', direction: 'desc' })).toBe('Sorted by Plant Name, descending (Z to A).');
  });
});

describe('describeCount', () => {
  it('says how many plants are shown, match and exist', () => {
    expect(describeCount(16, 16, 16)).toBe('Showing all 16 plants.');
    expect(describeCount(1, 1, 1)).toBe('Showing all 1 plant.');
    expect(describeCount(3, 3, 16)).toBe('Showing 3 of 16 plants.');
    expect(describeCount(48, 2000, 2000)).toBe('Showing 48 of 2,000 plants.');
    expect(describeCount(48, 300, 2000)).toBe('Showing 48 of 300 matching plants (2,000 in all).');
  });

  it('says "up to" when the match count is an upper bound, and leaves out what is not known yet', () => {
    expect(describeCount(12, 40, 2000, false)).toBe('Showing 12 of up to 40 matching plants (2,000 in all).');
    expect(describeCount(12, 40, undefined)).toBe('Showing 12 of 40 plants.');
    expect(describeCount(3, 3, undefined)).toBe('Showing all 3 plants.');
  });
});
