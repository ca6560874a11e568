import type { Firestore } from 'firebase-admin/firestore';
import type { AccountsRepository } from '../accounts/accounts.repository';
import { firestoreCall as call } from '../lib/firestore-call';
import { dutyView, utcToday, type Duty, type DutySettings, type RotaPerson } from '../model';
import { requireMember, type HouseholdAccess, type Membership } from '../access/household-access';
import { goneHousehold } from './households.repository';
import { dutyOf, rotaPeopleOf } from './duty';
import {
  HOUSEHOLD_MEMBERS_COLLECTION,
  HOUSEHOLDS_COLLECTION,
  membershipReader,
  toMembership,
} from './memberships.repository';

/** What a change of the rota sees: the rota as stored, the household's people, the caller's standing and today. */
export interface DutyChange {
  settings: DutySettings;
  people: RotaPerson[];
  access: HouseholdAccess;
  today: string;
}

/**
 * The rota, a field of the household's document (duty.ts). A change is one write of the caller's
 * account (the write budget, one commit) that updates the household document on the update time it
 * was read at, so it is made one after the other with the household's other changes: a rotation
 * naming someone who is removed meanwhile is made again on what is stored now, and refused.
 */
export function createDutyRepository(db: Firestore, accounts: AccountsRepository) {
  const households = db.collection(HOUSEHOLDS_COLLECTION);
  const members = db.collection(HOUSEHOLD_MEMBERS_COLLECTION);
  const getMembership = membershipReader(() => db);

  async function householdOf(householdId: string) {
    const [household, list] = await Promise.all([
      households.doc(householdId).get(),
      members.where('householdId', '==', householdId).get(),
    ]);
    if (!household.exists) throw goneHousehold();
    const people = rotaPeopleOf(list.docs);
    return { household, people, settings: dutyOf(household, people) };
  }

  return {
    /** The rota as anyone of the household sees it: 2 + n reads (membership, household, memberships). */
    async getDuty(uid: string, now: Date): Promise<Duty> {
      const access = requireMember(await getMembership(uid), now);
      const { people, settings } = await call(householdOf(access.householdId));
      return dutyView(settings, people, utcToday(now));
    },

    /**
     * Stores what `change` makes of the rota, once `authorise` allows the caller (household-access.ts).
     * @returns the rota as stored
     */
    async changeDuty(
      uid: string,
      now: Date,
      authorise: (membership: Membership | null) => HouseholdAccess,
      change: (current: DutyChange) => DutySettings,
    ): Promise<Duty> {
      return accounts.write(uid, now, async () => {
        const access = authorise(toMembership(await members.doc(uid).get()));
        const { household, people, settings } = await householdOf(access.householdId);
        const today = utcToday(now);
        const duty = change({ settings, people, access, today });
        return {
          result: dutyView(duty, people, today),
          write: (batch) =>
            batch.update(household.ref, { duty, updatedAt: now }, { lastUpdateTime: household.updateTime! }),
        };
      });
    },
  };
}

export type DutyRepository = ReturnType<typeof createDutyRepository>;
