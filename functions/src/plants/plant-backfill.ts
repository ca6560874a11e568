import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import { ACCOUNTS_COLLECTION } from '../accounts/accounts.repository';
import { CALENDAR_FEEDS_COLLECTION } from '../calendar/calendar.repository';
import { HOUSEHOLD_INVITES_COLLECTION } from '../households/households.repository';
import { inviteDeleteAt } from '../model/household';
import { speciesCatalogue, type SpeciesCatalogue } from '../species/species.catalogue';
import { RETIRED_KEYS, keysAreCurrent, plantKeys } from './plant-keys';
import { EVENTS_COLLECTION, PLANTS_COLLECTION } from './plants.repository';
import { speciesFieldsOf } from './plants.service';

/** Documents read per page; writes go in batches of at most this many (Firestore allows 500). */
const PAGE_SIZE = 400;
/** A page whose batch lost a race with a user's change is read again, this many times at most. */
const PAGE_ATTEMPTS = 5;
/** Markers earlier versions wrote with every change, read by nothing now: `<parent collection>/<id>/<collection>`. */
const WRITE_MARKERS = [
  { parent: ACCOUNTS_COLLECTION, collection: 'revisions' },
  { parent: CALENDAR_FEEDS_COLLECTION, collection: 'generations' },
];

export interface BackfillReport {
  /** Plants read. */
  scanned: number;
  /** Plants written: derived fields added or brought up to date, '' fields removed, toxicity corrected. */
  updated: number;
  /** Of those, plants whose toxicity to cats or dogs the catalogue now says otherwise. */
  corrected: number;
  /** Old write markers deleted, and accounts whose old revision counter was removed. */
  markers: number;
  /** Care-history events of plants deleted by earlier versions, deleted. */
  orphans: number;
  /** Household invites given the `deleteAt` by which Firestore's TTL policy deletes them. */
  invites: number;
}

/**
 * Brings data stored by earlier versions up to date. Idempotent: what is current is not written,
 * so it can run again after an interruption.
 * - Every plant gets the derived fields the paged list, GET /mango/due and the calendar feed
 *   need (plant-keys.ts; keys 2 added nextDueDate, keys 3 spread the search grams over buckets and
 *   deletes the one array of earlier versions), and loses the ''
 *   that earlier versions stored for a cleared optional field (it is deleted now, and reads as
 *   absent either way).
 * - The markers earlier versions wrote with every change (`accounts/{uid}/revisions/*`,
 *   `calendarFeeds/{uid}/generations/*`) and the accounts' `revision` counter are deleted.
 * - The care histories that earlier versions left behind when a plant was deleted are deleted.
 * - Household invites stored before they had a `deleteAt` get one (inviteDeleteAt), so Firestore
 *   deletes them too.
 * - A plant's `toxicToCats` and `toxicToDogs` become what `catalogue` (the bundled one) says of its
 *   species now, with its pet key: a correction of the catalogue reaches the plants stored before
 *   it. A species the catalogue no longer has leaves its plants as they are.
 * A one-off over whole collections, so it reads each document once, in pages (query cursors).
 */
export async function backfill(
  db: Firestore,
  log: (line: string) => void = () => {},
  catalogue: SpeciesCatalogue = speciesCatalogue(),
): Promise<BackfillReport> {
  const report: BackfillReport = { scanned: 0, updated: 0, corrected: 0, markers: 0, orphans: 0, invites: 0 };
  await backfillPlants(db, report, log, catalogue);
  await removeWriteMarkers(db, report);
  await removeOrphanedEvents(db, report);
  await dateInvites(db, report);
  log(
    `Checked ${report.scanned} plants, updated ${report.updated} (${report.corrected} with their species' toxicity corrected); deleted ${report.markers} old write markers and ${report.orphans} events of deleted plants; dated ${report.invites} household invites.`,
  );
  return report;
}

/** Every document of `query`, a page at a time, in document order. */
async function* pages(query: Query): AsyncGenerator<DocumentSnapshot[]> {
  let last: DocumentSnapshot | undefined;
  for (;;) {
    const ordered = query.orderBy(FieldPath.documentId()).limit(PAGE_SIZE);
    const page = await (last ? ordered.startAfter(last) : ordered).get();
    if (page.empty) return;
    yield page.docs;
    last = page.docs.at(-1);
  }
}

/**
 * The toxicity fields of a stored plant that its species in `catalogue` now says otherwise, each
 * with the catalogue's value (undefined: it does not know, stored as nothing, as a write stores it).
 */
function toxicityCorrections(
  data: Record<string, unknown>,
  catalogue: SpeciesCatalogue,
): Record<string, boolean | null | undefined> {
  const id = data.speciesId;
  if (typeof id !== 'string' || !catalogue.has(id)) return {};
  const { toxicToCats, toxicToDogs } = speciesFieldsOf(id, catalogue);
  return Object.fromEntries(
    Object.entries({ toxicToCats, toxicToDogs }).filter(([field, value]) => (data[field] ?? undefined) !== value),
  );
}

/**
 * What a stored plant needs written: its toxicity when the catalogue says otherwise, its derived
 * fields when stale (or when the toxicity changes its pet key), and a delete of each '' field.
 */
function plantChanges(doc: DocumentSnapshot, catalogue: SpeciesCatalogue): PlantRewrite | null {
  const data = doc.data() ?? {};
  const empty = Object.keys(data).filter((field) => data[field] === '');
  const cleaned = Object.fromEntries(Object.entries(data).filter(([field]) => !empty.includes(field)));
  const corrections = toxicityCorrections(cleaned, catalogue);
  const corrected = Object.keys(corrections).length > 0;
  if (!empty.length && !corrected && keysAreCurrent(data, doc.id)) return null;
  const retired = RETIRED_KEYS.filter((field) => field in data);
  return {
    corrected,
    fields: {
      ...plantKeys({ ...cleaned, ...corrections }, doc.id),
      ...Object.fromEntries(Object.entries(corrections).map(([field, value]) => [field, value ?? FieldValue.delete()])),
      ...Object.fromEntries([...empty, ...retired].map((field) => [field, FieldValue.delete()])),
    },
  };
}

interface PlantRewrite {
  /** Whether the plant's toxicity changes (see toxicityCorrections). */
  corrected: boolean;
  fields: Record<string, unknown>;
}

async function backfillPlants(
  db: Firestore,
  report: BackfillReport,
  log: (line: string) => void,
  catalogue: SpeciesCatalogue,
): Promise<void> {
  for await (const docs of pages(db.collection(PLANTS_COLLECTION))) {
    report.scanned += docs.length;
    const written = await writeStale(db, docs, catalogue);
    report.updated += written.updated;
    report.corrected += written.corrected;
    log(`Checked ${report.scanned} plants, updated ${report.updated}.`);
  }
}

/**
 * Each write carries the read's update time as a precondition: a plant changed by a user meanwhile
 * fails the batch, and the page is read again (its user's change wrote current fields already).
 */
async function writeStale(
  db: Firestore,
  docs: DocumentSnapshot[],
  catalogue: SpeciesCatalogue,
): Promise<{ updated: number; corrected: number }> {
  let pending = docs;
  for (let attempt = 1; ; attempt += 1) {
    const stale = pending
      .map((doc) => ({ doc, changes: doc.exists ? plantChanges(doc, catalogue) : null }))
      .filter((entry) => entry.changes);
    if (!stale.length) return { updated: 0, corrected: 0 };
    const batch = db.batch();
    for (const { doc, changes } of stale) batch.update(doc.ref, changes!.fields, { lastUpdateTime: doc.updateTime! });
    try {
      await batch.commit();
      return { updated: stale.length, corrected: stale.filter(({ changes }) => changes!.corrected).length };
    } catch (error) {
      // FAILED_PRECONDITION (9): a plant changed since it was read; NOT_FOUND (5): one was deleted.
      const code = (error as { code?: unknown }).code;
      if ((code !== 9 && code !== 5) || attempt >= PAGE_ATTEMPTS) throw error;
      pending = await db.getAll(...stale.map(({ doc }) => doc.ref));
    }
  }
}

async function removeWriteMarkers(db: Firestore, report: BackfillReport): Promise<void> {
  for (const { parent, collection } of WRITE_MARKERS) {
    for await (const docs of pages(db.collectionGroup(collection).select())) {
      const markers = docs.filter((doc) => doc.ref.parent.parent?.parent.id === parent);
      if (!markers.length) continue;
      const batch = db.batch();
      for (const doc of markers) batch.delete(doc.ref);
      await batch.commit();
      report.markers += markers.length;
    }
  }
  // Accounts that still carry the counter the markers were named by (an orderBy finds only those).
  for (;;) {
    const page = await db.collection(ACCOUNTS_COLLECTION).orderBy('revision').select().limit(PAGE_SIZE).get();
    if (page.empty) return;
    const batch = db.batch();
    for (const doc of page.docs) batch.update(doc.ref, { revision: FieldValue.delete() });
    await batch.commit();
    report.markers += page.size;
  }
}

async function removeOrphanedEvents(db: Firestore, report: BackfillReport): Promise<void> {
  for await (const docs of pages(db.collectionGroup(EVENTS_COLLECTION).select())) {
    const events = docs.filter((doc) => doc.ref.parent.parent?.parent.id === PLANTS_COLLECTION);
    const parents = [...new Map(events.map((doc) => [doc.ref.parent.parent!.path, doc.ref.parent.parent!])).values()];
    if (!parents.length) continue;
    const existing = new Set(
      (await db.getAll(...parents, { fieldMask: [] })).filter((plant) => plant.exists).map((plant) => plant.ref.path),
    );
    const orphans = events.filter((doc) => !existing.has(doc.ref.parent.parent!.path));
    if (!orphans.length) continue;
    const batch = db.batch();
    for (const doc of orphans) batch.delete(doc.ref);
    await batch.commit();
    report.orphans += orphans.length;
  }
}

/**
 * Gives each invite stored without a `deleteAt` the one a new invite gets. Only that field is
 * written, with no precondition: an invite used meanwhile keeps its use.
 */
async function dateInvites(db: Firestore, report: BackfillReport): Promise<void> {
  for await (const docs of pages(db.collection(HOUSEHOLD_INVITES_COLLECTION))) {
    const undated = docs.filter(
      (doc) => doc.get('deleteAt') === undefined && doc.get('expiresAt') instanceof Timestamp,
    );
    if (!undated.length) continue;
    const batch = db.batch();
    for (const doc of undated)
      batch.update(doc.ref, { deleteAt: inviteDeleteAt((doc.get('expiresAt') as Timestamp).toDate()) });
    await batch.commit();
    report.invites += undated.length;
  }
}
