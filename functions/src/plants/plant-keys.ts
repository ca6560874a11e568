import { careLevelRank } from '../model/care';
import { nextDueDate, readCareSchedules } from '../model/care-tasks';
import type { SortDirection, SortKey } from '../model/plant-list';
import { isCalendarDate } from '../model/validators';

/*
 * What Firestore needs on each plant to answer the paged list with one indexed query per page: a
 * unique, ordered string key per sort order, the lower-cased care level for the filter, and search
 * grams for the name search. All of them are derived from the plant's own fields and its id, and
 * written in the same batch or transaction as every change (see plants.repository.ts).
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
 */

/** Bumped when the derivation changes, so the backfill knows which plants to rewrite (2: nextDueDate). */
export const KEYS_VERSION = 2;

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

const GRAM_LENGTHS = [1, 2, 3] as const;
/** Searches of at most this many characters are answered exactly by one gram. */
export const GRAM_MAX = GRAM_LENGTHS.at(-1)!;
/** Category grams carry this prefix, so a name search never matches a category. */
const CATEGORY_GRAM = 'c:';

/** The text a search compares: the whole name in lower case, as the web app always searched. */
export const searchText = (text: string) => text.toLowerCase();

/** Every distinct substring of 1 to 3 characters (code points) of the text. */
export function gramsOf(text: string): string[] {
  const chars = Array.from(text);
  const grams = new Set<string>();
  for (const length of GRAM_LENGTHS) {
    for (let start = 0; start + length <= chars.length; start += 1) grams.add(chars.slice(start, start + length).join(''));
  }
  return [...grams];
}

/** The gram values that find a search text (one gram of at most GRAM_MAX characters) in the name, or also the category. */
export function gramTerms(gram: string, match: 'name' | 'name-or-category'): string[] {
  return match === 'name' ? [gram] : [gram, `${CATEGORY_GRAM}${gram}`];
}

/** The plant fields the keys are derived from. */
export interface KeyedPlant {
  plantName?: unknown;
  category?: unknown;
  careLevel?: unknown;
  nextWateringDate?: unknown;
  care?: unknown;
}

/** The derived fields as stored on a plant. */
export interface PlantKeys {
  careKey: string;
  sortName: string;
  sortCareAsc: string;
  sortCareDesc: string;
  sortNextAsc: string;
  sortNextDesc: string;
  searchGrams: string[];
  /** YYYY-MM-DD, or null: no job has a next date. */
  nextDueDate: string | null;
  keysVersion: number;
}

/**
 * Stored fields that are the server's own and never leave it: the derived keys, the revision,
 * `careEdits` (per care task, the revision of the latest edit of its schedule, which its undo checks)
 * and the photos' bookkeeping (photos/photo-layout.ts: how many, and which one is the cover).
 */
export const INTERNAL_FIELDS: ReadonlySet<string> = new Set<keyof PlantKeys | 'revision' | 'careEdits' | 'photoCount' | 'coverPhotoId'>([
  'revision',
  'careEdits',
  'photoCount',
  'coverPhotoId',
  'nextDueDate',
  'careKey',
  'sortName',
  'sortCareAsc',
  'sortCareDesc',
  'sortNextAsc',
  'sortNextDesc',
  'searchGrams',
  'keysVersion',
]);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

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
    searchGrams: [...gramsOf(searchText(text(plant.plantName))), ...gramsOf(searchText(category)).map((gram) => `${CATEGORY_GRAM}${gram}`)],
    nextDueDate: nextDueDate({ nextWateringDate: date, care: readCareSchedules(plant.care) }),
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
  return Object.entries(expected).every(([field, value]) => {
    const actual = stored[field];
    return Array.isArray(value) ? Array.isArray(actual) && actual.length === value.length && value.every((v, i) => actual[i] === v) : actual === value;
  });
}
