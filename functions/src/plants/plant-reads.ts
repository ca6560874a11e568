import type {
  DocumentSnapshot,
  FieldPath,
  Filter,
  OrderByDirection,
  Query,
  WhereFilterOp,
} from 'firebase-admin/firestore';
import { firestoreCall as call } from '../lib/firestore-call';
import { toIso } from '../lib/firestore-fields';
import { parseWateringInterval, readCareSchedules, type Plant } from '../model';
import { INTERNAL_FIELDS } from './plant-keys';

/** A plant as a read of the plants answers it: its id, a field as stored (a cursor's key), and the plant. */
export interface PlantRow {
  readonly id: string;
  /** A stored field as Firestore holds it (a createdAt stays a Timestamp), internal fields too. */
  field(name: string): unknown;
  readonly plant: Plant;
}

/**
 * The plants as the rooms that only read them (the list, what is due) query them: Firestore's own
 * filters, order, limits and cursors, answered as rows. A `Query` would answer snapshots, and a
 * snapshot carries the reference a plant is written through; a row carries none, so nothing read
 * here can write a plant (functions/lint/collection-owners.ts).
 */
export interface PlantReads {
  where(field: string | FieldPath, op: WhereFilterOp, value: unknown): PlantReads;
  where(filter: Filter): PlantReads;
  orderBy(field: string | FieldPath, direction?: OrderByDirection): PlantReads;
  limit(limit: number): PlantReads;
  startAfter(...keys: unknown[]): PlantReads;
  endAt(...keys: unknown[]): PlantReads;
  get(): Promise<PlantRow[]>;
  /** How many match: a count() aggregation, billed by index entries, no plant read. */
  count(): Promise<number>;
}

/**
 * Firestore document to plain object: Timestamps become ISO strings at this boundary, and the
 * internal fields (the revision, sort keys and search grams) stay inside. A cleared optional field
 * is deleted from the document; plants stored by earlier versions kept '' instead, which reads as
 * absent too until the backfill removes it (migrations/plant-fields.ts). Plants stored before the server
 * derived intervals get theirs here.
 */
export function toPlant(snapshot: DocumentSnapshot): Plant {
  const data = snapshot.data() ?? {};
  const plant: Record<string, unknown> = { _id: snapshot.id };
  for (const [key, value] of Object.entries(data)) {
    if (value === '' || INTERNAL_FIELDS.has(key)) continue;
    plant[key] = key === 'createdAt' || key === 'updatedAt' ? toIso(value) : value;
  }
  if (plant.wateringIntervalDays === undefined)
    plant.wateringIntervalDays = parseWateringInterval(plant.wateringFrequency as string | undefined);
  plant.care = readCareSchedules(data.care);
  // What the catalogue does not know of the species is stored as nothing, and answered as null.
  if (plant.speciesId) {
    plant.toxicToCats ??= null;
    plant.toxicToDogs ??= null;
  }
  return plant as Plant;
}

export function plantReads(query: Query): PlantReads {
  const next = (narrowed: Query) => plantReads(narrowed);
  return {
    where: (...args: [Filter] | [string | FieldPath, WhereFilterOp, unknown]) =>
      next(args.length === 1 ? query.where(args[0]) : query.where(...args)),
    orderBy: (field, direction) => next(query.orderBy(field, direction)),
    limit: (limit) => next(query.limit(limit)),
    startAfter: (...keys) => next(query.startAfter(...keys)),
    endAt: (...keys) => next(query.endAt(...keys)),
    async get() {
      const { docs } = await call(query.get());
      return docs.map((doc) => ({ id: doc.id, field: (name: string) => doc.get(name), plant: toPlant(doc) }));
    },
    count: async () => (await call(query.count().get())).data().count,
  };
}
