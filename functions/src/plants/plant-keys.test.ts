import { describe, expect, it } from 'vitest';
import { ALL_ORDERS, compareText, todaysOrder, type OrderedPlant } from '../../test/support/todays-order';
import { gramTerms, gramsOf, keysAreCurrent, nameSortKey, plantKeys, sortField } from './plant-keys';

/** Firestore orders strings by their UTF-8 bytes. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const PIECES = [
  'fern',
  'Fern',
  'FÉRN',
  'fé',
  'aloe',
  'Aloë',
  'ab',
  'abc',
  'a',
  'z',
  ' ',
  '  ',
  '-',
  '_',
  '.',
  '2',
  '10',
  '007',
  '7',
  '0',
  'x9',
  'Ñandú',
  'ß',
  'ö',
  'O',
  'éa',
  'rose',
  'Rose',
  '{',
  '~',
];

function randomName(next: () => number): string {
  const parts = 1 + Math.floor(next() * 4);
  return Array.from({ length: parts }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
}

describe('nameSortKey', () => {
  it('orders names as the web app did: case and accents ignored, numbers by value', () => {
    const names = [
      'Fern 10',
      'fern 2',
      'Fern',
      'fern2',
      'Aloe vera',
      'aloë',
      'ALOE',
      'Zebra',
      'éclair',
      'Eclair 007',
      'eclair 7',
      'ab',
      'abc',
      'ab1',
      'ab 1',
      'a-b',
      'a_b',
    ];
    const expected = [...names].sort(compareText);
    const actual = [...names].sort((a, b) => byBytes(nameSortKey(a), nameSortKey(b)));
    // Names the comparator holds equal may come in either order; the rest must match.
    expect(actual.map((name, i) => compareText(name, expected[i]!))).toEqual(names.map(() => 0));
  });

  it('agrees with the comparator on 20,000 random pairs', () => {
    const next = random(42);
    for (let i = 0; i < 20_000; i += 1) {
      const a = randomName(next);
      const b = randomName(next);
      expect(Math.sign(byBytes(nameSortKey(a), nameSortKey(b))), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(compareText(a, b));
    }
  });

  it('gives names that differ only in case, accents or leading zeros the same key', () => {
    expect(nameSortKey('Crème 07')).toBe(nameSortKey('CREME 7'));
  });

  it('reads control characters as spaces, so they cannot collide with the key markers', () => {
    expect(nameSortKey('a\u0001b')).toBe(nameSortKey('a b'));
  });

  it('keeps keys short enough for a Firestore index entry', () => {
    expect(Buffer.byteLength(nameSortKey('ǅ'.repeat(100) + '9'.repeat(100)), 'utf8')).toBeLessThan(1500);
  });
});

describe('plantKeys', () => {
  const plants: OrderedPlant[] = [];
  const next = random(7);
  const levels = ['easy', 'moderate', 'difficult', 'Easy', 'unknown', ''];
  const dates = ['2026-03-01', '2026-03-02', '2026-12-31', '2025-01-01', '', 'soon', '2026-02-30', undefined];
  for (let i = 0; i < 400; i += 1) {
    plants.push({
      _id: `id${String(Math.floor(next() * 1e6)).padStart(6, '0')}${i}`,
      plantName: randomName(next),
      careLevel: levels[Math.floor(next() * levels.length)]!,
      nextWateringDate: dates[Math.floor(next() * dates.length)],
    });
  }

  it.each(ALL_ORDERS)('orders by %s %s exactly as the comparator, ties by id', (sort, dir) => {
    const { field, direction } = sortField(sort, dir);
    const keyed = plants.map((plant) => ({ plant, key: plantKeys(plant, plant._id)[field] as string }));
    keyed.sort((a, b) => byBytes(a.key, b.key) * (direction === 'asc' ? 1 : -1));
    expect(keyed.map(({ plant }) => plant._id)).toEqual([...plants].sort(todaysOrder(sort, dir)).map((plant) => plant._id));
  });

  it('makes every key unique by ending it with the id', () => {
    const a = plantKeys({ plantName: 'Mint', careLevel: 'easy' }, 'a');
    const b = plantKeys({ plantName: 'MINT', careLevel: 'easy' }, 'b');
    expect(a.sortName).not.toBe(b.sortName);
    expect(a.sortName < b.sortName).toBe(true);
  });

  it('lower-cases the care level for the filter, and indexes the name and the category for search', () => {
    const keys = plantKeys({ plantName: 'Basil', category: 'Herbs', careLevel: 'Easy' }, 'id');
    expect(keys.careKey).toBe('easy');
    expect(keys.searchGrams).toEqual(expect.arrayContaining(['b', 'as', 'sil', 'c:h', 'c:er', 'c:rbs']));
    expect(keys.searchGrams).not.toContain('her');
  });

  it('tells current keys from stale ones', () => {
    const plant = { plantName: 'Basil', category: 'Herbs', careLevel: 'easy', nextWateringDate: '2026-03-01' };
    expect(keysAreCurrent({ ...plant, ...plantKeys(plant, 'id') }, 'id')).toBe(true);
    expect(keysAreCurrent({ ...plant, ...plantKeys(plant, 'id'), plantName: 'Thai Basil' }, 'id')).toBe(false);
    expect(keysAreCurrent(plant, 'id')).toBe(false);
  });

  it('keeps nextDueDate, the earliest next date over watering and the care tasks, for GET /mango/due', () => {
    const care = {
      fertilize: { frequency: 'Monthly', lastDate: null, nextDate: '2026-02-20', intervalDays: 30 },
      repot: { frequency: 'yearly', lastDate: null, nextDate: null, intervalDays: 365 },
    };
    expect(plantKeys({ plantName: 'Fig', nextWateringDate: '2026-03-01', care }, 'id').nextDueDate).toBe('2026-02-20');
    expect(plantKeys({ plantName: 'Fig', nextWateringDate: '2026-03-01' }, 'id').nextDueDate).toBe('2026-03-01');
    expect(plantKeys({ plantName: 'Fig', care: { prune: { nextDate: '2026-05-01' } } }, 'id').nextDueDate).toBe('2026-05-01');
    expect(plantKeys({ plantName: 'Fig', nextWateringDate: ' ', care: { repot: care.repot } }, 'id').nextDueDate).toBeNull();
    // A plant stored before nextDueDate existed is stale, so the backfill gives it one.
    const stored = { plantName: 'Fig', nextWateringDate: '2026-03-01', care, ...plantKeys({ plantName: 'Fig', nextWateringDate: '2026-03-01', care }, 'id') };
    expect(keysAreCurrent(stored, 'id')).toBe(true);
    const { nextDueDate: _dropped, ...before } = stored;
    expect(keysAreCurrent({ ...before, keysVersion: 1 }, 'id')).toBe(false);
    expect(keysAreCurrent({ ...stored, care: { ...care, fertilize: { ...care.fertilize, nextDate: '2026-04-01' } } }, 'id')).toBe(false);
  });
});

describe('gramsOf', () => {
  it('holds every substring of one to three characters, once', () => {
    expect(gramsOf('abab').sort()).toEqual(['a', 'ab', 'aba', 'b', 'ba', 'bab'].sort());
    expect(gramsOf('')).toEqual([]);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(gramsOf('🌱a')).toEqual(['🌱', 'a', '🌱a']);
  });
  it('looks for a gram in the name, or in the name or the category', () => {
    expect(gramTerms('er', 'name')).toEqual(['er']);
    expect(gramTerms('er', 'name-or-category')).toEqual(['er', 'c:er']);
  });
});
