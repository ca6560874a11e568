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
