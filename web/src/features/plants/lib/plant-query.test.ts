import { describe, expect, it } from 'vitest';
import {
  applyPlantQuery,
  comparePlants,
  DEFAULT_QUERY,
  describeCount,
  describeSort,
  distinctCareLevels,
  distinctCategories,
  matchesFilters,
  nextSort,
  parsePlantQuery,
  plantQueryToParams,
  type PlantQuery,
  type SortablePlant,
} from './plant-query';

const plant = (plantName: string, careLevel = 'easy', nextWateringDate?: string, category = 'fern'): SortablePlant => ({
  plantName,
  careLevel,
  category,
  nextWateringDate,
});

const names = (plants: SortablePlant[]) => plants.map((p) => p.plantName);
const sorted = (plants: SortablePlant[], sort: PlantQuery['sort'], direction: PlantQuery['direction']) => names([...plants].sort(comparePlants(sort, direction)));

describe('comparePlants', () => {
  it('sorts by name, A to Z and Z to A, ignoring letter case and counting numbers as numbers', () => {
    const plants = [plant('basil'), plant('Aloe'), plant('Fern 10'), plant('Fern 2'), plant('cactus')];
    expect(sorted(plants, 'plantName', 'asc')).toEqual(['Aloe', 'basil', 'cactus', 'Fern 2', 'Fern 10']);
    expect(sorted(plants, 'plantName', 'desc')).toEqual(['Fern 10', 'Fern 2', 'cactus', 'basil', 'Aloe']);
  });

  it('sorts care levels by rank: difficult 1, easy 2, moderate 3, unknown 4', () => {
    const plants = [plant('M', 'moderate'), plant('U', 'tricky'), plant('E', 'Easy'), plant('D', 'DIFFICULT')];
    expect(sorted(plants, 'careLevel', 'asc')).toEqual(['D', 'E', 'M', 'U']);
    expect(sorted(plants, 'careLevel', 'desc')).toEqual(['U', 'M', 'E', 'D']);
  });

  it('breaks ties by name, A to Z, in both directions', () => {
    const plants = [plant('Zinnia', 'easy'), plant('Aloe', 'easy'), plant('Moss', 'difficult')];
    expect(sorted(plants, 'careLevel', 'asc')).toEqual(['Moss', 'Aloe', 'Zinnia']);
    expect(sorted(plants, 'careLevel', 'desc')).toEqual(['Aloe', 'Zinnia', 'Moss']);
    expect(sorted([plant('B', 'easy', '2026-01-02'), plant('A', 'easy', '2026-01-02')], 'nextWateringDate', 'desc')).toEqual(['A', 'B']);
  });

  it('sorts by next watering date, soonest first or latest first, across months and years', () => {
    const plants = [plant('Feb', 'easy', '2026-02-01'), plant('Dec', 'easy', '2025-12-31'), plant('Jan', 'easy', '2026-01-15')];
    expect(sorted(plants, 'nextWateringDate', 'asc')).toEqual(['Dec', 'Jan', 'Feb']);
    expect(sorted(plants, 'nextWateringDate', 'desc')).toEqual(['Feb', 'Jan', 'Dec']);
  });

  it('puts plants without a next watering date last in both directions', () => {
    const plants = [plant('None'), plant('Late', 'easy', '2026-05-01'), plant('Blank', 'easy', ''), plant('Early', 'easy', '2026-01-01'), plant('Junk', 'easy', 'soon')];
    expect(sorted(plants, 'nextWateringDate', 'asc')).toEqual(['Early', 'Late', 'Blank', 'Junk', 'None']);
    expect(sorted(plants, 'nextWateringDate', 'desc')).toEqual(['Late', 'Early', 'Blank', 'Junk', 'None']);
  });
});

describe('filters and search', () => {
  const plants = [
    plant('Boston Fern', 'moderate', '2026-01-03', 'fern'),
    plant('Maidenhair Fern', 'Difficult', '2026-01-01', 'fern'),
    plant('Jade Plant', 'easy', '2026-01-02', 'succulent'),
    plant('Fruit Fig', 'easy', undefined, 'Fruit'),
  ];

  it('searches names as a case-insensitive substring, ignoring surrounding spaces', () => {
    expect(names(applyPlantQuery(plants, { ...DEFAULT_QUERY, search: '  fERN ' }))).toEqual(['Maidenhair Fern', 'Boston Fern']);
    expect(names(applyPlantQuery(plants, { ...DEFAULT_QUERY, search: 'ade' }))).toEqual(['Jade Plant']);
    expect(applyPlantQuery(plants, { ...DEFAULT_QUERY, search: 'cactus' })).toEqual([]);
  });

  it('matches the category exactly (letter case included)', () => {
    expect(names(applyPlantQuery(plants, { ...DEFAULT_QUERY, category: 'fern' }))).toEqual(['Maidenhair Fern', 'Boston Fern']);
    expect(applyPlantQuery(plants, { ...DEFAULT_QUERY, category: 'Fern' })).toEqual([]);
    expect(applyPlantQuery(plants, { ...DEFAULT_QUERY, category: 'fru' })).toEqual([]);
  });

  it('matches the care level ignoring letter case', () => {
    expect(names(applyPlantQuery(plants, { ...DEFAULT_QUERY, careLevel: 'difficult' }))).toEqual(['Maidenhair Fern']);
    expect(names(applyPlantQuery(plants, { ...DEFAULT_QUERY, careLevel: 'EASY' }))).toEqual(['Jade Plant', 'Fruit Fig']);
  });

  it('combines search, both filters and the sort, and leaves its input alone', () => {
    const input = [...plants];
    const result = applyPlantQuery(input, { search: 'f', category: 'fern', careLevel: 'moderate', sort: 'plantName', direction: 'desc' });
    expect(names(result)).toEqual(['Boston Fern']);
    expect(input).toEqual(plants);
    expect(matchesFilters(plants[2]!, { search: '', category: '', careLevel: '' })).toBe(true);
  });

  it('offers the distinct categories exactly as written, and each care level once whatever its case', () => {
    const mixed = [...plants, plant('Other', 'EASY', undefined, 'Fern'), plant('Odd', 'tricky', undefined, '')];
    expect(distinctCategories(mixed)).toEqual(['fern', 'Fern', 'Fruit', 'succulent']);
    expect(distinctCareLevels(mixed)).toEqual(['Difficult', 'easy', 'moderate', 'tricky']);
  });
});

describe('the URL query', () => {
  it('round-trips every field', () => {
    const query: PlantQuery = { search: 'fern & moss', category: 'Herbs', careLevel: 'moderate', sort: 'careLevel', direction: 'desc' };
    const params = plantQueryToParams(query);
    expect(params.toString()).toBe('q=fern+%26+moss&category=Herbs&care=moderate&sort=careLevel&dir=desc');
    expect(parsePlantQuery(new URLSearchParams(params.toString()))).toEqual(query);
  });

  it('leaves defaults out, so the default view is the bare page', () => {
    expect(plantQueryToParams(DEFAULT_QUERY).toString()).toBe('');
    expect(parsePlantQuery(new URLSearchParams())).toEqual(DEFAULT_QUERY);
    expect(plantQueryToParams({ ...DEFAULT_QUERY, direction: 'desc' }).toString()).toBe('sort=nextWateringDate&dir=desc');
  });

  it('falls back to the default sort for unknown values', () => {
    expect(parsePlantQuery(new URLSearchParams('sort=price&dir=sideways'))).toEqual(DEFAULT_QUERY);
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
});
