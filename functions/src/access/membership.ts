import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { firestoreCall } from '../lib/firestore-call';
import { HOUSEHOLD_ROLES, type HouseholdRole } from '../model';
import type { Membership } from './household-access';

/**
 * `{ householdId, role, until, displayName, joinedAt, shareKey, householdShareKeys, lastActiveAt }`
 * keyed by the member's uid: a caller's permission is this one document, and an account belongs to
 * at most one household by its key. The households repository changes it; every write of an account
 * reads it with the account (AccountsRepository.write), so a plant shared with a household is
 * decided on what it holds at the moment of writing.
 */
export const HOUSEHOLD_MEMBERS_COLLECTION = 'householdMembers';
/** `{ name, ownerUid, memberCount, duty?, createdAt, updatedAt }`, one per household (households.repository.ts, duty.ts). */
export const HOUSEHOLDS_COLLECTION = 'households';

export const membershipRef = (db: Firestore, uid: string) => db.collection(HOUSEHOLD_MEMBERS_COLLECTION).doc(uid);

const isRole = (value: unknown): value is HouseholdRole => HOUSEHOLD_ROLES.includes(value as HouseholdRole);

export function toMembership(snapshot: DocumentSnapshot): Membership | null {
  const data = snapshot.data();
  if (!data || typeof data.householdId !== 'string' || !isRole(data.role)) return null;
  const shareKey = typeof data.shareKey === 'string' ? data.shareKey : '';
  const keys: unknown[] = Array.isArray(data.householdShareKeys) ? data.householdShareKeys : [];
  const joinedAt = data.joinedAt as { toDate?: () => Date } | undefined;
  return {
    uid: snapshot.id,
    householdId: data.householdId,
    role: data.role,
    until: typeof data.until === 'string' ? data.until : null,
    displayName: typeof data.displayName === 'string' ? data.displayName : '',
    shareKey,
    householdShareKeys: keys.filter((key): key is string => typeof key === 'string' && key !== ''),
    ...(typeof joinedAt?.toDate === 'function' ? { joinedAt: joinedAt.toDate() } : {}),
  };
}

/** Reads a caller's membership (one document) for a decision outside a write. */
export type MembershipReader = (uid: string) => Promise<Membership | null>;

export function membershipReader(db: () => Firestore): MembershipReader {
  return async (uid) => toMembership(await firestoreCall(membershipRef(db(), uid).get()));
}
