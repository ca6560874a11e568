import { careLevelRank } from '../model/care';
import { nextDueDate, readCareSchedules } from '../model/care-tasks';
import { petSafeKey, type PetSafeFilter, type SortDirection, type SortKey } from '../model/plant-list';
import { isCalendarDate } from '../model/validators';

/*
 * What Firestore needs on each plant to answer the paged list with one indexed query per page: a
 * unique, ordered string key per sort order, the lower-cased care level for the filter, and search
 * grams for the name search. All of them are derived from the plant's own fields and its id, and
 * written in the same batch as every change (see plants.repository.ts and
 * care/care.repository.ts).
 *
 * The orders are those of All Plants' comparator, with the document id as the
 * last tie-break so that every key is unique and a page can start strictly after the last key seen:
 * - plantName: the name key (below), then the id. Descending reverses both.
 * - careLevel: the care rank (difficult 1, easy 2, moderate 3, anything else 4), ascending or
 *   descending, then the name key A to Z, then the id.
 * - nextWateringDate: the date, ascending or descending; plants without a (valid) date last in both
 *   directions; then the name key A to Z, then the id.
 *
 * And for GET /mango/due and the calendar feed: `nextDueDate`, the earliest next date over watering
 * and every tracked care task (nextDueDate in the shared model), or null when there is none, so one
 * indexed range query (ownerUid, nextDueDate) finds exactly the plants with a job in a window.
 *
 * And for My Plants' place filter: `placeKey`, the id of the place the plant stands in, or null for
 * none. `placeId` itself is absent on a plant that stands nowhere, and no query finds an absent
 * field; `placeKey` is always there, so `placeKey == null` finds the unplaced ones.
 */

/** Bumped when the derivation changes, so the backfill knows which plants to rewrite (2: nextDueDate; 3: grams in buckets; 4: petSafe; 5: placeKey). */
export const KEYS_VERSION = 5;

/** Ends the name part of a key: below every character a name key holds, so "ab" sorts before "abc". */
const END = '\u0001';
/** Starts a run of digits: above END and below every other character, as compareText orders them. */
const DIGITS = '\u0002';
/** Longest name key kept: index entries beyond 1,500 bytes are not ordered by Firestore. */
const MAX_NAME_KEY = 300;

/**
 * A plant name as a string that sorts, byte by byte, like the web app's name order: letter case
 * and accents ignored (NFD, marks removed, lower case), and runs of digits by their value ('Fern 2'
 * before 'Fern 10', '007' equal to '7'). Digit runs are written as a marker, their length and the
 * digits without leading zeros, so any two numbers compare exactly (the comparator compared them as
 * doubles, which differ only beyond 2^53). Control characters read as spaces (they would collide
 * with the markers), and keys are cut at 300 characters; Firestore compares strings by UTF-8 bytes,
 * which is code point order, while JavaScript's `<` compares UTF-16 units: the two differ only for
 * characters beyond U+FFFF against U+E000 to U+FFFF.
 */
export function nameSortKey(name: string): string {
  const folded = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\p{Cc}/gu, (char) => (char < ' ' ? ' ' : char));
  const key = folded.replace(/\d+/g, (run) => {
    const digits = run.replace(/^0+(?=\d)/, '');
    return `${DIGITS}${String.fromCharCode(0x30 + digits.length)}${digits}`;
  });
  return key.slice(0, MAX_NAME_KEY);
}

/** The valid YYYY-MM-DD next watering date, or undefined: the comparator's "no date". */
function wateringDate(value: unknown): string | undefined {
  const date = typeof value === 'string' ? value.trim() : '';
  return date && isCalendarDate(date) ? date : undefined;
}

/** A date written so that ascending string order is descending date order. */
function invertDate(date: string): string {
  return String(99_999_999 - Number(date.replaceAll('-', ''))).padStart(8, '0');
}

/*
 * Search grams. A name's grams are its distinct three-character substrings (code points) of the
 * lower-cased name, and the category's with a `c:` prefix, so a name search never matches a
 * category. They are kept in SEARCH_BUCKETS arrays, each gram in the array its bucket names
 * (gramBucket), so that a query's `array-contains` looks at one or two grams per plant: Google's
 * emulator compares every element of the array for every plant it scans (about 7 microseconds an
 * element, against 10 for the rest of a plant), and Firestore stores an index entry per element
 * and per index; a plant's 22 or so grams in twelve arrays cost the emulator a fraction of the 60
 * grams of one array of 1-, 2- and 3-grams, and production a third of the index entries (for 24
 * composite indexes per array: docs/plant-list.md). Searches of one or two characters read the
 * view and keep what holds the text (plant-list/plant-list.repository.ts).
 */
/** A search of exactly this many characters is answered exactly by one gram. */
export const GRAM_LENGTH = 3;
/** Category grams carry this prefix, so a name search never matches a category. */
const CATEGORY_GRAM = 'c:';

/** The stored array fields that hold each bucket's grams. */
export const GRAM_FIELDS = [
  'searchGrams0',
  'searchGrams1',
  'searchGrams2',
  'searchGrams3',
  'searchGrams4',
  'searchGrams5',
  'searchGrams6',
  'searchGrams7',
  'searchGrams8',
  'searchGrams9',
  'searchGrams10',
  'searchGrams11',
] as const;
export type GramField = (typeof GRAM_FIELDS)[number];
/** How many arrays the grams are spread over; each has its composite indexes. */
const SEARCH_BUCKETS = GRAM_FIELDS.length;
const gramField = (bucket: number): GramField => GRAM_FIELDS[bucket]!;

/** The text a search compares: the whole name in lower case, as the web app always searched. */
export const searchText = (text: string) => text.toLowerCase();

/** Every distinct substring of three characters (code points) of the text. */
export function gramsOf(text: string): string[] {
  const chars = Array.from(text);
  const grams = new Set<string>();
  for (let start = 0; start + GRAM_LENGTH <= chars.length; start += 1)
    grams.add(chars.slice(start, start + GRAM_LENGTH).join(''));
  return [...grams];
}

/** The bucket a gram (with or without the category prefix) is kept in: FNV-1a of its code units. */
export function gramBucket(gram: string): number {
  const bare = gram.startsWith(CATEGORY_GRAM) ? gram.slice(CATEGORY_GRAM.length) : gram;
  let hash = 0x811c9dc5;
  for (let i = 0; i < bare.length; i += 1) hash = Math.imul(hash ^ bare.charCodeAt(i), 0x01000193) >>> 0;
  return hash % SEARCH_BUCKETS;
}

/**
 * The array field and the gram values that find a three-character text in the name, or also in
 * the category: a name gram and its category gram share a bucket, so one `array-contains-any`
 * asks for both.
 */
export function gramTerms(gram: string, match: 'name' | 'name-or-category'): { field: GramField; terms: string[] } {
  return { field: gramField(gramBucket(gram)), terms: match === 'name' ? [gram] : [gram, `${CATEGORY_GRAM}${gram}`] };
}

/** How common each letter is in English text, most common first: a guess at how many plants hold a gram. */
const LETTERS_BY_FREQUENCY = 'etaoinsrhldcumfpgwybvkxjqz';

/**
 * Of a search text's grams, the one fewest plants are likely to hold, so that reading its
 * candidates finds the text's matches soonest: digits and rare letters beat common letters and
 * spaces. A guess from letter frequencies rather than a count() per gram: each count is a query.
 */
export function rarestGram(text: string): string {
  const weight = (char: string) => {
    if (char === ' ') return 30;
    const rank = LETTERS_BY_FREQUENCY.indexOf(char);
    if (rank >= 0) return 26 - rank;
    return /\d/.test(char) ? 0 : 5;
  };
  const score = (gram: string) => Array.from(gram).reduce((sum, char) => sum + weight(char), 0);
  return gramsOf(text).reduce((best, gram) => (score(gram) < score(best) ? gram : best));
}

/** Derived fields earlier versions stored, which the backfill deletes (keys 2: one array of 1- to 3-grams). */
export const RETIRED_KEYS = ['searchGrams'] as const;

/** The plant fields the keys are derived from. */
export interface KeyedPlant {
  plantName?: unknown;
  category?: unknown;
  careLevel?: unknown;
  nextWateringDate?: unknown;
  care?: unknown;
  toxicToCats?: unknown;
  toxicToDogs?: unknown;
  placeId?: unknown;
}

/** The derived fields as stored on a plant. */
export interface PlantKeys extends Record<GramField, string[]> {
  careKey: string;
  sortName: string;
  sortCareAsc: string;
  sortCareDesc: string;
  sortNextAsc: string;
  sortNextDesc: string;
  /** YYYY-MM-DD, or null: no job has a next date. */
  nextDueDate: string | null;
  /** Safe for both, for cats, for dogs (as its species says), or null: All Plants' pet filter. */
  petSafe: PetSafeFilter | null;
  /** The place it stands in (its `placeId`), or null: none. My Plants' place filter. */
  placeKey: string | null;
  keysVersion: number;
}

/**
 * Stored fields that are the server's own and never leave it: the derived keys, the revision,
 * `careEdits` (per care task, the revision of the latest edit of its schedule, which its undo checks)
 * and the photos' bookkeeping (photos/photo-layout.ts: how many, and which one is the cover).
 */
export const INTERNAL_FIELDS: ReadonlySet<string> = new Set<
  keyof PlantKeys | (typeof RETIRED_KEYS)[number] | 'revision' | 'careEdits' | 'photoCount' | 'coverPhotoId'
>([
  'revision',
  'careEdits',
  'photoCount',
  'coverPhotoId',
  'nextDueDate',
  'petSafe',
  'placeKey',
  'careKey',
  'sortName',
  'sortCareAsc',
  'sortCareDesc',
  'sortNextAsc',
  'sortNextDesc',
  ...GRAM_FIELDS,
  ...RETIRED_KEYS,
  'keysVersion',
]);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The grams in their buckets' arrays. */
function bucketed(grams: string[]): Pick<PlantKeys, GramField> {
  const buckets = Object.fromEntries(GRAM_FIELDS.map((field) => [field, [] as string[]])) as Record<
    GramField,
    string[]
  >;
  for (const gram of grams) buckets[gramField(gramBucket(gram))].push(gram);
  return buckets;
}

/** Every derived field of the plant stored (or to be stored) under `id`. */
export function plantKeys(plant: KeyedPlant, id: string): PlantKeys {
  const careLevel = text(plant.careLevel);
  const rank = careLevelRank(careLevel);
  const tail = `${nameSortKey(text(plant.plantName))}${END}${id}`;
  const date = wateringDate(plant.nextWateringDate);
  const category = text(plant.category);
  return {
    careKey: careLevel.toLowerCase(),
    sortName: tail,
    sortCareAsc: `${rank}${tail}`,
    sortCareDesc: `${5 - rank}${tail}`,
    sortNextAsc: date ? `0${date}${tail}` : `1${tail}`,
    sortNextDesc: date ? `0${invertDate(date)}${tail}` : `1${tail}`,
    ...bucketed([
      ...gramsOf(searchText(text(plant.plantName))),
      ...gramsOf(searchText(category)).map((gram) => `${CATEGORY_GRAM}${gram}`),
    ]),
    nextDueDate: nextDueDate({ nextWateringDate: date, care: readCareSchedules(plant.care) }),
    petSafe: petSafeKey(plant.toxicToCats, plant.toxicToDogs),
    placeKey: typeof plant.placeId === 'string' && plant.placeId !== '' ? plant.placeId : null,
    keysVersion: KEYS_VERSION,
  };
}

/** The stored field, and its direction, that orders a view. */
export function sortField(sort: SortKey, dir: SortDirection): { field: keyof PlantKeys; direction: SortDirection } {
  switch (sort) {
    case 'plantName':
      return { field: 'sortName', direction: dir };
    case 'careLevel':
      return { field: dir === 'asc' ? 'sortCareAsc' : 'sortCareDesc', direction: 'asc' };
    case 'nextWateringDate':
      return { field: dir === 'asc' ? 'sortNextAsc' : 'sortNextDesc', direction: 'asc' };
  }
}

/** Whether a stored plant's derived fields are those its fields give. */
export function keysAreCurrent(stored: Record<string, unknown>, id: string): boolean {
  const expected = plantKeys(stored, id);
  if (RETIRED_KEYS.some((field) => field in stored)) return false;
  return Object.entries(expected).every(([field, value]) => {
    const actual = stored[field];
    return Array.isArray(value)
      ? Array.isArray(actual) && actual.length === value.length && value.every((v, i) => actual[i] === v)
      : actual === value;
  });
}
