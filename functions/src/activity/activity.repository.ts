import type { DocumentSnapshot, Firestore, WriteBatch } from 'firebase-admin/firestore';
import { firestoreCall } from '../lib/firestore-call';
import { toIso } from '../lib/firestore-fields';
import type { ActivityEvent, ActivityType } from '../model';

/**
 * Top-level collection of small records, one per change to a plant:
 * `{ ownerUid, plantId, plantName, type, at }` (at a Timestamp). Top level rather than under the
 * plant, so a deleted plant keeps its history and one query finds a user's latest events.
 */
export const ACTIVITY_COLLECTION = 'activity';

export interface ActivityRecord {
  ownerUid: string;
  plantId: string;
  /** The plant's name after the change (at deletion: its last name), so the record reads alone. */
  plantName: string;
  type: ActivityType;
}

function toActivityEvent(snapshot: DocumentSnapshot): ActivityEvent {
  const data = snapshot.data() ?? {};
  return {
    _id: snapshot.id,
    type: String(data.type ?? ''),
    plantId: String(data.plantId ?? ''),
    plantName: String(data.plantName ?? ''),
    at: toIso(data.at),
  };
}

export function createActivityRepository(db: Firestore) {
  const activity = db.collection(ACTIVITY_COLLECTION);
  return {
    /**
     * Adds an activity record to the batch that makes the change it records, so the two are
     * committed together or not at all and can never disagree.
     * @returns the record's id, so a change that can be undone can remove its record too
     */
    record(batch: WriteBatch, record: ActivityRecord, at: Date): string {
      const ref = activity.doc();
      batch.create(ref, { ...record, at });
      return ref.id;
    },

    /** An import's activity record: stored in one of its batches, or deleted again should a later one fail. */
    recordLater(record: ActivityRecord, at: Date): { store(batch: WriteBatch): void; undo(batch: WriteBatch): void } {
      const ref = activity.doc();
      return { store: (batch) => batch.create(ref, { ...record, at }), undo: (batch) => batch.delete(ref) };
    },

    /** Removes the record of a change that was undone, in the undo's own batch. */
    remove(batch: WriteBatch, id: string): void {
      batch.delete(activity.doc(id));
    },

    /** A user's latest events, newest first (composite index: ownerUid, at desc). */
    async listRecent(ownerUid: string, limit: number): Promise<ActivityEvent[]> {
      const snapshot = await firestoreCall(
        activity.where('ownerUid', '==', ownerUid).orderBy('at', 'desc').limit(limit).get(),
      );
      return snapshot.docs.map(toActivityEvent);
    },

    /**
     * How many events of the given kinds happened in [from, to), for everyone or for one owner
     * (composite indexes: type, at; and ownerUid, type, at). A count() aggregation: Firestore
     * counts index entries and reads no document.
     */
    async count({
      types,
      from,
      to,
      ownerUid,
    }: {
      types: readonly ActivityType[];
      from: Date;
      to: Date;
      ownerUid?: string;
    }): Promise<number> {
      let query = ownerUid === undefined ? activity : activity.where('ownerUid', '==', ownerUid);
      query = types.length === 1 ? query.where('type', '==', types[0]) : query.where('type', 'in', [...types]);
      const snapshot = await firestoreCall(query.where('at', '>=', from).where('at', '<', to).count().get());
      return snapshot.data().count;
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;

/** What a store that records activity in its own batches is handed. */
export type ActivityLog = Pick<ActivityRepository, 'record' | 'recordLater' | 'remove'>;
