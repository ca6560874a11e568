import type { Firestore } from 'firebase-admin/firestore';
import { speciesCatalogue, type SpeciesCatalogue } from '../species/species.catalogue';
import type { BackfillReport } from './batches';
import { backfillPlants } from './plant-fields';
import { createPlantBackfill } from '../plants/plant-backfill.repository';
import { dateInvites } from '../households/invite-backfill';
import { removeRevisions } from '../accounts/account-backfill';
import { removeGenerations } from '../calendar/feed-backfill';

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
  report.markers += (await removeRevisions(db)) + (await removeGenerations(db));
  report.orphans += await createPlantBackfill(db).removeOrphanedEvents();
  report.invites += await dateInvites(db);
  log(
    `Checked ${report.scanned} plants, updated ${report.updated} (${report.corrected} with their species' toxicity corrected); deleted ${report.markers} old write markers and ${report.orphans} events of deleted plants; dated ${report.invites} household invites.`,
  );
  return report;
}

export type { BackfillReport } from './batches';
