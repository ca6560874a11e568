import { inDocuments } from '../accounts/daily-allowances';
import { assertRoomFor } from '../accounts/write-budget';
import { DEFAULT_LIMITS, type AccountLimits } from '../config/limits';
import { HttpError } from '../lib/http-error';
import type { Viewer } from '../lib/viewer';
import {
  CreatePlantInputSchema,
  LIGHT_LEVELS,
  PLACE_NAME_MAX,
  PLACES_PER_PERSON,
  foldPlaceName,
  utcToday,
  type CreatePlantInput,
  type LightLevel,
  type Plant,
  type SeasonContext,
} from '../model';
import type { PlaceSession, PlacesReader } from '../places/place-books.repository';
import { rhythmsOf, type Rhythms } from '../model/rhythm';
import type { ExportFormat, ImportError, ImportResult } from '../model/transfer';
import { isPlausiblePlantId } from '../plants/plants.schemas';
import type { MembershipReader } from '../access/household-access';
import { speciesCatalogue, type SpeciesCatalogue } from '../species/species.catalogue';
import { forViewer, needsMembership, newPlantRecord, noPlaces, ownerEmailOf } from '../plants/plants.service';
import { csvColumnOf, foldCareColumns, plantsToCsv, type ImportRow, type PlantsExport } from './transfer-format';
import { HISTORY_MAX_EVENTS, readImportedHistory, type ImportedEvent } from './transfer-history';
import { queryReads, type TransferRepository } from './transfer.repository';

/**
 * The most events of one plant an export carries (its latest): far more than a plant gathers in
 * years of waterings, and a bound on what one export can read.
 */
const EXPORT_EVENTS_PER_PLANT = HISTORY_MAX_EVENTS;
/** How many plants' histories an export reads at once. */
const EXPORT_READ_CONCURRENCY = 8;

/**
 * What an export of `plantCount` plants reads, in documents: at least (the plants, and for JSON one
 * document of each plant's history, as a query that finds nothing is billed one read) and at most
 * (JSON: EXPORT_EVENTS_PER_PLANT events each). An export starts only when its least is left of the
 * bulk-read allowance, holds what is left up to its most, and is charged what it read
 * (TransferRepository.holdReads). So one export reads past the allowance at most its most less its
 * least: none in CSV, and in JSON plantCount x (EXPORT_EVENTS_PER_PLANT - 1), 4,995,000 documents
 * for 5,000 plants, which the account then owes (about 50 days of a 100,000 allowance) before it
 * exports again. Exports of one account at once do not add to it: the first holds all that is left.
 */
export function exportReads(format: ExportFormat, plantCount: number): { least: number; most: number } {
  const plants = queryReads(plantCount);
  if (format === 'csv') return { least: plants, most: plants };
  return { least: plants + plantCount, most: plants + plantCount * EXPORT_EVENTS_PER_PLANT };
}

/** A file to download. */
export interface ExportFile {
  filename: string;
  contentType: string;
  body: string;
}

/** A row of an import once checked against the model. */
export interface CheckedRow {
  row: number;
  /** The file's `_id`, when it could be one of ours. */
  id?: string;
  plantName: string;
  input?: CreatePlantInput;
  /** A JSON plant's care history, oldest first (empty: the plant starts a new one). */
  history?: ImportedEvent[];
  /** What a JSON plant remembered of its rhythm (model/rhythm.ts): its jobs' days and the "Keep" answers. */
  rhythm?: Rhythms;
  /** Where it stands, by name: the importer's place of that name (made when they have none). */
  place?: ImportedPlace;
  errors: ImportError[];
}

/** A plant's place as a file names it: JSON `place` (a name, or `{ name, light }` as an export gives it), CSV `place` and `placeLight`. */
interface ImportedPlace {
  name: string;
  light?: LightLevel;
}

const isLight = (value: unknown): value is LightLevel => LIGHT_LEVELS.includes(value as LightLevel);

/** A row's place, or the errors that refuse it (field `place`, and `placeLight` or `place.light` for its light). */
function readImportedPlace(
  row: number,
  values: Record<string, unknown>,
): { place?: ImportedPlace; errors: ImportError[] } {
  const given = values.place;
  const object = typeof given === 'object' && given !== null && !Array.isArray(given);
  const rawName = object ? (given as Record<string, unknown>).name : given;
  const rawLight = object ? (given as Record<string, unknown>).light : values.placeLight;
  const lightField = object ? 'place.light' : 'placeLight';
  if (rawName === undefined || rawName === null || (typeof rawName === 'string' && rawName.trim() === ''))
    return { errors: [] };
  if (typeof rawName !== 'string')
    return { errors: [{ row, field: 'place', message: 'place must be the name of the place the plant stands in.' }] };
  const name = rawName.trim();
  const errors: ImportError[] = [];
  if (name.length > PLACE_NAME_MAX)
    errors.push({ row, field: 'place', message: `A place's name must be at most ${PLACE_NAME_MAX} characters.` });
  const blank = rawLight === undefined || rawLight === null || (typeof rawLight === 'string' && rawLight.trim() === '');
  const light = typeof rawLight === 'string' ? rawLight.trim() : rawLight;
  if (!blank && !isLight(light))
    errors.push({ row, field: lightField, message: `A place's light must be one of: ${LIGHT_LEVELS.join(', ')}.` });
  if (errors.length) return { errors };
  return { place: { name, ...(isLight(light) ? { light } : {}) }, errors };
}

/** A plant's remembered rhythm as an export or an import carries it: only when it remembers something. */
const rhythmField = (stored: unknown): { rhythm?: Rhythms } => {
  const rhythm = rhythmsOf(stored);
  return Object.keys(rhythm).length ? { rhythm } : {};
};

/** A refused real import: the errors of its rows (400, nothing stored). */
export class ImportRefused extends HttpError {
  constructor(readonly result: ImportResult) {
    const count = result.errors.length;
    super(
      400,
      'invalid_import',
      `${count === 1 ? 'One problem' : `${count.toLocaleString('en-US')} problems`} in the file, so nothing was imported. Correct ${count === 1 ? 'it' : 'them'} and import the file again.`,
    );
  }
}

/** Maps `work` over `items` with at most `concurrency` calls running at once, answers in order. */
async function mapConcurrently<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/**
 * Every row checked with the shared model: its input, or its errors (one per field, the model's
 * sentence; a care field is named by its CSV column in a CSV, `care.<task>.<field>` in JSON), and
 * a JSON plant's care history (`events`).
 */
export function checkRows(rows: readonly ImportRow[], catalogue: SpeciesCatalogue = speciesCatalogue()): CheckedRow[] {
  return rows.map(({ row, values: fileValues }) => {
    // A file's place ids name its exporter's places: the place is matched by its name (`place`).
    const { values: folding, folded } = foldCareColumns(fileValues);
    const { placeId: _placeId, ...values } = folding;
    const id = typeof values._id === 'string' && isPlausiblePlantId(values._id.trim()) ? values._id.trim() : undefined;
    const plantName = typeof values.plantName === 'string' ? values.plantName.trim() : '';
    const parsed = CreatePlantInputSchema.safeParse(values);
    const { history, errors } = readImportedHistory(row, values.events);
    const { place, errors: placeErrors } = readImportedPlace(row, values);
    errors.push(...placeErrors);
    const speciesId = parsed.success ? parsed.data.speciesId : undefined;
    if (speciesId && !catalogue.has(speciesId))
      errors.unshift({ row, field: 'speciesId', message: `There is no species "${speciesId}" in the catalogue.` });
    if (parsed.success && !errors.length)
      return {
        row,
        id,
        plantName,
        input: parsed.data,
        ...(history.length ? { history } : {}),
        ...rhythmField(values.rhythm),
        ...(place ? { place } : {}),
        errors: [],
      };
    const fieldErrors: ImportError[] = [];
    for (const issue of parsed.error?.issues ?? []) {
      const field = folded
        ? csvColumnOf(issue.path)
        : issue.path[0] === 'care'
          ? issue.path.map(String).join('.')
          : String(issue.path[0] ?? '');
      if (!fieldErrors.some((error) => error.field === field)) fieldErrors.push({ row, field, message: issue.message });
    }
    return { row, id, plantName, errors: [...fieldErrors, ...errors] };
  });
}

/** What an import does with its rows: a row whose _id the caller owns is skipped (even with errors); others are added or are errors. */
export function planImport(
  rows: readonly CheckedRow[],
  owned: ReadonlySet<string>,
  dryRun: boolean,
): { result: ImportResult; adding: (CheckedRow & { input: CreatePlantInput })[] } {
  const result: ImportResult = { dryRun, created: 0, skipped: 0, errors: [], plants: [], skippedRows: [] };
  const adding: (CheckedRow & { input: CreatePlantInput })[] = [];
  for (const row of rows) {
    if (row.id !== undefined && owned.has(row.id))
      result.skippedRows.push({ row: row.row, _id: row.id, plantName: row.plantName });
    else if (row.input) {
      adding.push({ ...row, input: row.input });
      result.plants.push({ row: row.row, plantName: row.input.plantName, category: row.input.category });
    } else result.errors.push(...row.errors);
  }
  result.created = adding.length;
  result.skipped = result.skippedRows.length;
  return { result, adding };
}

/**
 * The importer's places for the plants an import adds, by name (PlaceSession.ownByName): their own
 * place of each name, or a new one made with the import; a name past PLACES_PER_PERSON is an error
 * on each row that names it.
 */
async function placesByName(
  adding: readonly CheckedRow[],
  places: PlaceSession,
): Promise<{ idOf: (name: string) => string | undefined; errors: ImportError[] }> {
  const named = adding.flatMap((row) => (row.place ? [row.place] : []));
  if (!named.length) return { idOf: () => undefined, errors: [] };
  const { idOf, pastLimit } = await places.ownByName(named);
  const refused = new Set(pastLimit.map(foldPlaceName));
  const errors = adding.flatMap((row) =>
    row.place && refused.has(foldPlaceName(row.place.name))
      ? [
          {
            row: row.row,
            field: 'place',
            message: `Making the place \u201c${row.place.name}\u201d would take you past ${PLACES_PER_PERSON} places, the most one person can have: put the plant in a place you have, or delete places first.`,
          },
        ]
      : [],
  );
  return { idOf, errors };
}

export function createTransferService(
  repository: () => TransferRepository,
  clock: () => Date = () => new Date(),
  limits: () => AccountLimits = () => DEFAULT_LIMITS,
  membershipOf: MembershipReader = async () => null,
  /** Where the importer's seasons are counted: an imported plant may follow its species (newPlantRecord). */
  seasonContextOf: (uid: string) => Promise<SeasonContext> = async () => ({ hemisphere: 'north', timeZone: 'UTC' }),
  /** What an export reads to say where each plant stands (the places room's books). */
  placesOf: PlacesReader = noPlaces,
) {
  return {
    /**
     * GET /mango/export: the caller's plants (at most the quota), newest first, as a dated file,
     * paid from the account's bulk-read allowance: refused up front (429) when less is left than
     * it reads at least, and charged what it read (see exportReads).
     */
    async exportPlants(viewer: Viewer, format: ExportFormat): Promise<ExportFile> {
      const now = clock();
      const maxPlants = limits().plantsPerAccount;
      const held = await repository().holdReads(viewer.uid, now, (plantCount) => {
        const reads = exportReads(format, Math.min(plantCount, maxPlants));
        return {
          ...reads,
          what: `This export reads at least ${inDocuments(reads.least)} (${format === 'csv' ? 'your plants' : 'your plants and their histories'})`,
        };
      });
      let read = 0;
      try {
        const stored = await repository().listOwnPlants(viewer.uid, maxPlants);
        const membership = needsMembership(stored, viewer) ? await membershipOf(viewer.uid) : null;
        const places = await placesOf(viewer, stored, membership, now);
        const plants = stored.map((plant) => forViewer(plant, viewer, membership, now, places));
        read += queryReads(plants.length);
        const filename = `mango-grove-plants-${utcToday(now)}.${format}`;
        if (format === 'csv') return { filename, contentType: 'text/csv; charset=utf-8', body: plantsToCsv(plants) };
        const histories = await mapConcurrently(plants, EXPORT_READ_CONCURRENCY, async (plant: Plant) => {
          const events = await repository().listEvents(plant._id, EXPORT_EVENTS_PER_PLANT);
          read += queryReads(events.length);
          return events;
        });
        const file: PlantsExport = {
          exportedAt: now.toISOString(),
          plants: plants.map((plant, i) => ({ ...plant, ...rhythmField(stored[i]!.rhythm), events: histories[i]! })),
        };
        return { filename, contentType: 'application/json; charset=utf-8', body: JSON.stringify(file) };
      } finally {
        // Also when a read failed: what was read is paid, the rest given back.
        await repository().settleReads(viewer.uid, clock(), held, read);
      }
    },

    /**
     * POST /mango/import. Every row is checked with the shared model; rows whose _id is a plant
     * the caller owns are skipped. A dry run answers what would happen and stores nothing; a real
     * import with any error stores nothing and is refused (ImportRefused, 400); otherwise every
     * plant is added, with owner fields from the token, or none is (see TransferRepository). Either
     * spends one document of the bulk-read allowance per _id the file holds (its check of which
     * plants the caller keeps); a real import also one write of the import allowance per document
     * it creates, refused whole (429) when that is more than is left.
     */
    async importPlants(viewer: Viewer, rows: readonly ImportRow[], dryRun: boolean): Promise<ImportResult> {
      ownerEmailOf(viewer);
      const checked = checkRows(rows);
      const context = checked.some((row) => row.input?.speciesId) ? await seasonContextOf(viewer.uid) : undefined;
      const ids = [...new Set(checked.flatMap((row) => (row.id === undefined ? [] : [row.id])))];
      const now = clock();
      const { result, adding } = await repository().reserve(
        viewer.uid,
        ids,
        now,
        !dryRun,
        async (owned, account, places) => {
          const plan = planImport(checked, owned, dryRun);
          if (plan.adding.length > 0) assertRoomFor(plan.adding.length, account.plantCount, limits());
          const placing = await placesByName(plan.adding, places);
          if (placing.errors.length) {
            plan.result.errors.push(...placing.errors);
            plan.result.errors.sort((a, b) => a.row - b.row);
          }
          if (dryRun || plan.result.errors.length > 0 || plan.adding.length === 0) return { result: plan.result };
          // Made here, so that the reservation spends exactly the documents addPlants will write.
          const records = plan.adding.map(({ input, history, rhythm, place }) => ({
            record: {
              ...newPlantRecord(viewer, input, utcToday(now), context),
              ...(rhythm ? { rhythm } : {}),
              ...(place ? { placeId: placing.idOf(place.name) } : {}),
            },
            history,
          }));
          return { result: plan.result, adding: repository().prepareImport(records, now) };
        },
      );
      if (dryRun) return result;
      if (result.errors.length > 0) throw new ImportRefused({ ...result, created: 0, plants: [] });
      if (!adding) return result;

      const created = await repository().addPlants(viewer.uid, adding, now);
      return { ...result, plants: result.plants.map((plant, i) => ({ ...plant, _id: created[i]! })) };
    },
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
