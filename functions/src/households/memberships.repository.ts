import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { firestoreCall } from '../lib/firestore-call';
import { toDate } from '../lib/firestore-fields';
import { HOUSEHOLD_ROLES, type HouseholdRole } from '../model';
import type { Membership, MembershipReader } from '../access/household-access';
import type { MembershipInWrite } from '../accounts/accounts.repository';

/**
 * `{ householdId, role, until, displayName, joinedAt, shareKey, householdShareKeys, lastActiveAt }`
 * keyed by the member's uid: a caller's permission is this one document, and an account belongs to
 * at most one household by its key. This room alone writes it: the households repository changes
 * it, and every write of an account reads it with the account (`membershipInWriteReader`), so a
 * plant shared with a household is decided on what it holds at the moment of writing.
 */
export const HOUSEHOLD_MEMBERS_COLLECTION = 'householdMembers';
/** `{ name, ownerUid, memberCount, duty?, createdAt, updatedAt }`, one per household (households.repository.ts, duty.ts). */
export const HOUSEHOLDS_COLLECTION = 'households';

const membershipRef = (db: Firestore, uid: string) => db.collection(HOUSEHOLD_MEMBERS_COLLECTION).doc(uid);

const isRole = (value: unknown): value is HouseholdRole => HOUSEHOLD_ROLES.includes(value as HouseholdRole);

export function toMembership(snapshot: DocumentSnapshot): Membership | null {
  const data = snapshot.data();
  if (!data || typeof data.householdId !== 'string' || !isRole(data.role)) return null;
  const shareKey = typeof data.shareKey === 'string' ? data.shareKey : '';
  const keys: unknown[] = Array.isArray(data.householdShareKeys) ? data.householdShareKeys : [];
  const joinedAt = toDate(data.joinedAt);
  return {
    uid: snapshot.id,
    householdId: data.householdId,
    role: data.role,
    until: typeof data.until === 'string' ? data.until : null,
    displayName: typeof data.displayName === 'string' ? data.displayName : '',
    shareKey,
    householdShareKeys: keys.filter((key): key is string => typeof key === 'string' && key !== ''),
    ...(joinedAt ? { joinedAt } : {}),
  };
}

export function membershipReader(db: () => Firestore): MembershipReader {
  return async (uid) => toMembership(await firestoreCall(membershipRef(db(), uid).get()));
}

/** A membership as every write of an account reads it (AccountsRepository.write). */
export function membershipInWriteReader(db: () => Firestore) {
  return async (uid: string): Promise<MembershipInWrite> => {
    const snapshot = await membershipRef(db(), uid).get();
    const membership = toMembership(snapshot);
    return {
      membership,
      markActive: (batch, now) => {
        if (membership) batch.update(snapshot.ref, { lastActiveAt: now }, { lastUpdateTime: snapshot.updateTime! });
      },
    };
  };
}
