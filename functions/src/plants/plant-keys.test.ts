import { describe, expect, it } from 'vitest';
import { ALL_ORDERS, compareText, todaysOrder, type OrderedPlant } from '../../test/support/todays-order';
import {
  GRAM_FIELDS,
  gramBucket,
  gramTerms,
  gramsOf,
  keysAreCurrent,
  nameSortKey,
  plantKeys,
  rarestGram,
  sortField,
} from './plant-keys';

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
      expect(Math.sign(byBytes(nameSortKey(a), nameSortKey(b))), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(
        compareText(a, b),
      );
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
    expect(keyed.map(({ plant }) => plant._id)).toEqual(
      [...plants].sort(todaysOrder(sort, dir)).map((plant) => plant._id),
    );
  });

  it("keeps the pet filter's key from what the species says: safe only where it says so", () => {
    const key = (toxicToCats: unknown, toxicToDogs: unknown) =>
      plantKeys({ plantName: 'Fern', toxicToCats, toxicToDogs }, 'p1').petSafe;
    expect(key(false, false)).toBe('both');
    expect(key(false, true)).toBe('cats');
    expect(key(null, false)).toBe('dogs');
    expect(key(true, true)).toBeNull();
    expect(key(null, null)).toBeNull();
    expect(key(undefined, undefined)).toBeNull();
  });

  it("keeps the place filter's key on every plant: its place's id, or null where placeId is absent", () => {
    const key = (placeId: unknown) => plantKeys({ plantName: 'Fern', placeId }, 'p1').placeKey;
    expect(key('Kx81pQ')).toBe('Kx81pQ');
    expect(key(undefined)).toBeNull();
    expect(key(null)).toBeNull();
    expect(key('')).toBeNull();
    expect(
      keysAreCurrent({ ...plantKeys({ plantName: 'Fern' }, 'p1'), plantName: 'Fern', placeId: 'Kx81pQ' }, 'p1'),
    ).toBe(false);
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
    const grams = GRAM_FIELDS.flatMap((field) => keys[field]);
    expect(grams.sort()).toEqual(['bas', 'asi', 'sil', 'c:her', 'c:erb', 'c:rbs'].sort());
    // Each gram in its bucket's array, a category gram beside its name gram.
    for (const field of GRAM_FIELDS) for (const gram of keys[field]) expect(GRAM_FIELDS[gramBucket(gram)]).toBe(field);
    expect(gramBucket('c:erb')).toBe(gramBucket('erb'));
  });

  it('spreads the grams over the buckets evenly enough that a search looks at a few per plant', () => {
    const next = random(7);
    const sizes = Array.from({ length: 500 }, () => {
      const keys = plantKeys(
        { plantName: `${randomName(next)} ${randomName(next)} plant`, category: 'Vegetable' },
        'id',
      );
      return GRAM_FIELDS.map((field) => keys[field].length);
    });
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const perBucket = GRAM_FIELDS.map((_, bucket) => mean(sizes.map((row) => row[bucket]!)));
    const all = mean(sizes.map((row) => row.reduce((a, b) => a + b, 0)));
    for (const size of perBucket) expect(size).toBeLessThan(all / 2);
  });

  it('tells current keys from stale ones', () => {
    const plant = { plantName: 'Basil', category: 'Herbs', careLevel: 'easy', nextWateringDate: '2026-03-01' };
    expect(keysAreCurrent({ ...plant, ...plantKeys(plant, 'id') }, 'id')).toBe(true);
    expect(keysAreCurrent({ ...plant, ...plantKeys(plant, 'id'), plantName: 'Thai Basil' }, 'id')).toBe(false);
    expect(keysAreCurrent(plant, 'id')).toBe(false);
    // The one gram array of earlier versions makes a plant stale: the backfill deletes it.
    expect(keysAreCurrent({ ...plant, ...plantKeys(plant, 'id'), searchGrams: ['b'] }, 'id')).toBe(false);
  });

  it('keeps nextDueDate, the earliest next date over watering and the care tasks, for GET /mango/due', () => {
    const care = {
      fertilize: { frequency: 'Monthly', lastDate: null, nextDate: '2026-02-20', intervalDays: 30 },
      repot: { frequency: 'yearly', lastDate: null, nextDate: null, intervalDays: 365 },
    };
    expect(plantKeys({ plantName: 'Fig', nextWateringDate: '2026-03-01', care }, 'id').nextDueDate).toBe('2026-02-20');
    expect(plantKeys({ plantName: 'Fig', nextWateringDate: '2026-03-01' }, 'id').nextDueDate).toBe('2026-03-01');
    expect(plantKeys({ plantName: 'Fig', care: { prune: { nextDate: '2026-05-01' } } }, 'id').nextDueDate).toBe(
      '2026-05-01',
    );
    expect(
      plantKeys({ plantName: 'Fig', nextWateringDate: ' ', care: { repot: care.repot } }, 'id').nextDueDate,
    ).toBeNull();
    // A plant stored before nextDueDate existed is stale, so the backfill gives it one.
    const stored = {
      plantName: 'Fig',
      nextWateringDate: '2026-03-01',
      care,
      ...plantKeys({ plantName: 'Fig', nextWateringDate: '2026-03-01', care }, 'id'),
    };
    expect(keysAreCurrent(stored, 'id')).toBe(true);
    const { nextDueDate: _dropped, ...before } = stored;
    expect(keysAreCurrent({ ...before, keysVersion: 1 }, 'id')).toBe(false);
    expect(
      keysAreCurrent({ ...stored, care: { ...care, fertilize: { ...care.fertilize, nextDate: '2026-04-01' } } }, 'id'),
    ).toBe(false);
  });
});

describe('gramsOf', () => {
  it('holds every substring of three characters, once', () => {
    expect(gramsOf('ababa').sort()).toEqual(['aba', 'bab'].sort());
    expect(gramsOf('ab')).toEqual([]);
    expect(gramsOf('')).toEqual([]);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(gramsOf('🌱ab')).toEqual(['🌱ab']);
  });
  it('looks for a gram in the name, or in the name or the category, in its bucket', () => {
    expect(gramTerms('ern', 'name')).toEqual({ field: GRAM_FIELDS[gramBucket('ern')], terms: ['ern'] });
    expect(gramTerms('ern', 'name-or-category')).toEqual({
      field: GRAM_FIELDS[gramBucket('ern')],
      terms: ['ern', 'c:ern'],
    });
  });
});

describe('rarestGram', () => {
  it('takes the gram with digits or rare letters over common letters and spaces', () => {
    expect(rarestGram('plant 12')).toBe(' 12');
    expect(rarestGram('fern 2026')).toBe('202');
    expect(rarestGram('monstera')).toBe('mon');
    expect(rarestGram('fuzzy')).toBe('zzy');
    expect(rarestGram('fern')).toBe('fer');
  });
});
