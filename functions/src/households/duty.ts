import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { firestoreCall as call } from '../lib/firestore-call';
import {
  DUTY_MODES,
  DUTY_PERIODS,
  defaultDuty,
  isCalendarDate,
  utcToday,
  type AwaySpan,
  type DutySettings,
  type RotaPerson,
} from '../model';
import { HOUSEHOLD_MEMBERS_COLLECTION, HOUSEHOLDS_COLLECTION, toMembership } from './memberships.repository';

/**
 * A household's rota is a field of its own document (`households/{id}.duty`): `{ mode, rotation,
 * period, startsOn, away }`. One document, written with the household's other changes (on the
 * update time it was read at), so someone leaving drops out of `rotation` in the same commit, and
 * whoever reads who is on duty reads the household and its memberships: 1 + n documents (n at most
 * 10), whatever the number of plants.
 */

/** The people of a household as the rota sees them, from their memberships as read. */
export const rotaPeopleOf = (snapshots: readonly DocumentSnapshot[]): RotaPerson[] =>
  snapshots.flatMap((snapshot) => {
    const membership = toMembership(snapshot);
    return membership
      ? [{ uid: membership.uid, displayName: membership.displayName, role: membership.role, until: membership.until }]
      : [];
  });

const isAwaySpan = (value: unknown): value is AwaySpan => {
  const span = value as AwaySpan | null;
  return (
    !!span &&
    typeof span.uid === 'string' &&
    typeof span.from === 'string' &&
    typeof span.until === 'string' &&
    isCalendarDate(span.from) &&
    isCalendarDate(span.until)
  );
};

/**
 * The rota a household document holds, or the default one (everyone, weekly, from the day the
 * household was made, the owner then members by name) for what it does not hold. A stored rotation
 * keeps only the people who may be in it now.
 */
export function dutyOf(household: DocumentSnapshot, people: readonly RotaPerson[]): DutySettings {
  const created = household.get('createdAt') as { toDate?: () => Date } | undefined;
  const fallback = defaultDuty(people, utcToday(created?.toDate?.() ?? new Date(0)));
  const stored = (household.get('duty') ?? {}) as Partial<Record<keyof DutySettings, unknown>>;
  const members = new Set(people.filter((p) => p.role !== 'sitter').map((p) => p.uid));
  return {
    mode: DUTY_MODES.includes(stored.mode as never) ? (stored.mode as DutySettings['mode']) : fallback.mode,
    rotation: Array.isArray(stored.rotation)
      ? stored.rotation.filter((uid): uid is string => typeof uid === 'string' && members.has(uid))
      : fallback.rotation,
    period: DUTY_PERIODS.includes(stored.period as never) ? (stored.period as DutySettings['period']) : fallback.period,
    startsOn:
      typeof stored.startsOn === 'string' && isCalendarDate(stored.startsOn) ? stored.startsOn : fallback.startsOn,
    away: Array.isArray(stored.away) ? stored.away.filter(isAwaySpan) : [],
  };
}

/** A household's rota and its people, read for a decision outside a write (who is on duty). */
export interface HouseholdDuty {
  settings: DutySettings;
  people: RotaPerson[];
}

export type DutyReader = (householdId: string) => Promise<HouseholdDuty | null>;

/** Reads a household's rota: its document and its memberships (1 + n reads); null when it is gone. */
export function dutyReader(db: () => Firestore): DutyReader {
  return async (householdId) => {
    const [household, members] = await Promise.all([
      call(db().collection(HOUSEHOLDS_COLLECTION).doc(householdId).get()),
      call(db().collection(HOUSEHOLD_MEMBERS_COLLECTION).where('householdId', '==', householdId).get()),
    ]);
    if (!household.exists) return null;
    const people = rotaPeopleOf(members.docs);
    return { settings: dutyOf(household, people), people };
  };
}

/**
 * What a household document's rota becomes without `uid` (someone leaving, removed, or made a
 * sitter), stored in the commit of that change; undefined when the household stores no rota (its
 * default is made of whoever is in it).
 */
export function dutyWithout(household: DocumentSnapshot, people: readonly RotaPerson[], uid: string) {
  if (household.get('duty') === undefined) return undefined;
  const settings = dutyOf(household, people);
  return {
    ...settings,
    rotation: settings.rotation.filter((other) => other !== uid),
    away: settings.away.filter((span) => span.uid !== uid),
  };
}

/**
 * What a household document's rota becomes with `uid` at the end of its rotation (someone who
 * joins as a member, or a sitter made one), stored in the commit of that change; undefined when
 * the household stores no rota (its default is made of whoever is in it) or they are in it already.
 */
export function dutyWith(household: DocumentSnapshot, people: readonly RotaPerson[], uid: string) {
  if (household.get('duty') === undefined) return undefined;
  const settings = dutyOf(household, people);
  if (settings.rotation.includes(uid)) return undefined;
  return { ...settings, rotation: [...settings.rotation, uid] };
}
