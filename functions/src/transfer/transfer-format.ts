import Papa from 'papaparse';
import { HttpError } from '../lib/http-error';
import { CARE_TASKS, capitalise, type CareTask, type Plant, type PlantEvent } from '../model';
import type { Rhythms } from '../model/rhythm';
import { IMPORT_MAX_PLANTS } from '../model/transfer';

/**
 * The export's files and the reading of an import's, in CSV (papaparse both ways, RFC 4180) and
 * JSON. Nothing here reads Firestore or decides what an import stores (transfer.service.ts).
 */

/**
 * The CSV's columns of the plant's own fields: the plant as its owner sees it (the JSON's fields but
 * `care` and `events`). Columns added later go at the end, so files made before them keep their places.
 */
const PLANT_COLUMNS = [
  'plantName',
  'category',
  'careLevel',
  'wateringFrequency',
  'healthStatus',
  'lastWateredDate',
  'nextWateringDate',
  'description',
  'image',
  '_id',
  'notes',
  'wateringIntervalDays',
  'userName',
  'userEmail',
  'ownerUid',
  'createdAt',
  'updatedAt',
  'thumbUrl',
] as const satisfies readonly (keyof Plant)[];

type CareColumn = `${CareTask}${'Frequency' | 'NextDate'}`;
/** After them, each care task's frequency and next date: fertilizeFrequency, fertilizeNextDate, repotFrequency... */
const CARE_COLUMNS = CARE_TASKS.flatMap((task): CareColumn[] => [`${task}Frequency`, `${task}NextDate`]);

/** Plant fields added after the care columns: after them, so files made before keep their places. */
const LATER_PLANT_COLUMNS = ['speciesId', 'wateringFollows'] as const satisfies readonly (keyof Plant)[];

/**
 * Then where the plant stands, by name, and that place's light (places.ts): an import puts the plant
 * in the importer's place of that name, made when they have none.
 */
const PLACE_COLUMNS = ['place', 'placeLight'] as const;

/** The CSV's columns, in this order. */
export const CSV_COLUMNS: readonly string[] = [
  ...PLANT_COLUMNS,
  ...CARE_COLUMNS,
  ...LATER_PLANT_COLUMNS,
  ...PLACE_COLUMNS,
];

const isPlantColumn = (
  column: string,
): column is (typeof PLANT_COLUMNS)[number] | (typeof LATER_PLANT_COLUMNS)[number] =>
  (PLANT_COLUMNS as readonly string[]).includes(column) || (LATER_PLANT_COLUMNS as readonly string[]).includes(column);

/** A care column's task and field: fertilizeNextDate is the nextDate of fertilize. */
function careColumn(column: string): { task: CareTask; field: 'frequency' | 'nextDate' } | undefined {
  for (const task of CARE_TASKS) {
    if (column === `${task}Frequency`) return { task, field: 'frequency' };
    if (column === `${task}NextDate`) return { task, field: 'nextDate' };
  }
  return undefined;
}

/**
 * A plant's values with the CSV's care columns (fertilizeFrequency, fertilizeNextDate...) read
 * into `care` as the model takes it: a task is tracked when either of its cells is filled. Values
 * that have no care column (a JSON export's, which has `care`) come back as they are.
 * @returns the values, and whether any care column was read (then an error names the column: csvColumnOf)
 */
export function foldCareColumns(values: Record<string, unknown>): { values: Record<string, unknown>; folded: boolean } {
  const columns = Object.keys(values).filter((column) => careColumn(column));
  if (!columns.length) return { values, folded: false };
  const rest = Object.fromEntries(Object.entries(values).filter(([column]) => !careColumn(column)));
  const care: Partial<Record<CareTask, Record<string, unknown>>> = {};
  for (const column of columns) {
    const { task, field } = careColumn(column)!;
    const cell = values[column];
    if (typeof cell !== 'string' || cell.trim() !== '') (care[task] ??= {})[field] = cell;
  }
  return { values: Object.keys(care).length ? { ...rest, care } : rest, folded: true };
}

/** The CSV column a field of the model is read from (an import error names it): care.fertilize.nextDate is fertilizeNextDate. */
export function csvColumnOf(path: readonly PropertyKey[]): string {
  const [first, task, field] = path.map(String);
  if (first === 'care' && task && field) return `${task}${capitalise(field)}`;
  return first ?? '';
}

function cellOf(plant: Plant, column: string): unknown {
  if (isPlantColumn(column)) return plant[column] ?? '';
  if (column === 'place') return plant.place?.name ?? '';
  if (column === 'placeLight') return plant.place?.light ?? '';
  const care = careColumn(column);
  return (care && plant.care?.[care.task]?.[care.field]) ?? '';
}

/** The JSON export: `{ exportedAt, plants: [ { ...plant, events } ] }`. */
export interface PlantsExport {
  exportedAt: string;
  /** Each plant as its owner sees it, with its history and what it remembers of its rhythm (when anything). */
  plants: (Plant & { events: PlantEvent[]; rhythm?: Rhythms })[];
}

/** One plant of an import as the file gives it: its row (see ImportError.row) and its values by field name (CSV: by column). */
export interface ImportRow {
  row: number;
  values: Record<string, unknown>;
}

/*
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell that starts with = + - @ tab or
 * carriage return may run as a formula when the file is opened in Excel, LibreOffice or Sheets.
 * The export prefixes such a cell with an apostrophe (and quotes it), which spreadsheets show as
 * text. So that an import gives back exactly what was exported, a cell that already starts with
 * apostrophes before one of those characters gets one more, and the import takes exactly one
 * apostrophe off any cell that starts with apostrophes before one of them. A cell like "'=A1"
 * therefore round-trips, and a hand-made file's "'=A1" is read as "=A1" (as a spreadsheet shows it).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** A cell of an imported CSV as it was before the export neutralised it. */
export function restoreCell(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}

/** The plants as CSV: a header row of CSV_COLUMNS, one row per plant, CRLF line ends, formulas neutralised. */
export function plantsToCsv(plants: readonly Plant[]): string {
  const data = plants.map((plant) => CSV_COLUMNS.map((column) => cellOf(plant, column)));
  return Papa.unparse({ fields: [...CSV_COLUMNS], data }, { newline: '\r\n', escapeFormulae: FORMULA_START });
}

const malformedCsv = (message: string) => new HttpError(400, 'malformed_csv', message);
const tooManyPlants = (count: number) =>
  new HttpError(
    413,
    'payload_too_large',
    `An import takes at most ${IMPORT_MAX_PLANTS.toLocaleString('en-US')} plants; this file has ${count.toLocaleString('en-US')}. Split it into smaller files.`,
  );

/** Column names by their lower-case form: the header is read in any letter case. */
const COLUMN_BY_NAME = new Map<string, string>(CSV_COLUMNS.map((column) => [column.toLowerCase(), column]));

/**
 * The plants of a CSV file: the first row is the header (names in any letter case, unknown
 * columns ignored), every other row that is not blank is a plant. A row's number is its record's
 * place in the file, the header being row 1, as a spreadsheet numbers it.
 */
export function readCsv(text: string): ImportRow[] {
  const parsed = Papa.parse<string[]>(text, { header: false, delimiter: ',', skipEmptyLines: false });
  const problem = parsed.errors[0];
  if (problem) {
    const where = problem.row === undefined ? '' : ` (row ${problem.row + 1})`;
    throw malformedCsv(`The file is not valid CSV${where}: ${problem.message}.`);
  }
  const [header, ...records] = parsed.data;
  if (!header || header.every((cell) => cell.trim() === ''))
    throw malformedCsv('The CSV file is empty: it needs a header row naming the columns, then one row per plant.');

  const columns = header.map((cell) => COLUMN_BY_NAME.get(cell.trim().toLowerCase()));
  const seen = new Set<string>();
  for (const column of columns) {
    if (column === undefined) continue;
    if (seen.has(column)) throw malformedCsv(`The column ${column} appears twice in the header row.`);
    seen.add(column);
  }
  if (!seen.has('plantName'))
    throw malformedCsv(
      'The header row has no plantName column: the first row must name the columns (plantName, category, ...).',
    );

  const rows: ImportRow[] = [];
  records.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    const row = index + 2;
    if (cells.slice(header.length).some((cell) => cell.trim() !== '')) {
      throw malformedCsv(`Row ${row} has more cells than the header row has columns.`);
    }
    const values: Record<string, unknown> = {};
    columns.forEach((column, i) => {
      if (column !== undefined) values[column] = restoreCell(cells[i] ?? '');
    });
    rows.push({ row, values });
  });
  if (rows.length > IMPORT_MAX_PLANTS) throw tooManyPlants(rows.length);
  return rows;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The plants of a JSON export (`{ plants: [...] }`); a row is the plant's place in `plants`, from 1. */
export function readJsonExport(text: string): ImportRow[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'malformed_json', 'The file is not valid JSON.');
  }
  if (!isObject(data) || !Array.isArray(data.plants)) {
    throw new HttpError(
      400,
      'invalid_body',
      'A JSON import must be an export of Mango Grove Tracker: an object with a "plants" list.',
    );
  }
  if (data.plants.length > IMPORT_MAX_PLANTS) throw tooManyPlants(data.plants.length);
  return data.plants.map((plant, index) => {
    if (!isObject(plant))
      throw new HttpError(400, 'invalid_body', `The plant at row ${index + 1} is not a JSON object.`);
    return { row: index + 1, values: plant };
  });
}
