import { HttpError } from '../lib/http-error';
import { utcToday, type HouseholdRole, type Plant, type PlantAction } from '../model';

/**
 * Who may do what in a household and to its shared plants, decided here and nowhere else: from the
 * caller's membership (one document by uid, which the households room stores), the plant and the clock. Pure.
 */

/** A stored membership (`householdMembers/{uid}`). */
export interface Membership {
  uid: string;
  householdId: string;
  role: HouseholdRole;
  /** A sitter's last day (YYYY-MM-DD, UTC); null otherwise. */
  until: string | null;
  displayName: string;
  /**
   * This membership's own key, new with each join: a plant its owner shares carries it
   * (`shareKey`), so a plant shared before its owner left is not shared again by a later join.
   */
  shareKey: string;
  /** The keys of every membership of the household now: the plants a member may see carry one of them. */
  householdShareKeys: string[];
  /** When this membership began (its join), as stored; absent on one being made. */
  joinedAt?: Date;
}

/** Reads a caller's membership (one document) for a decision outside a write; the households room makes it. */
export type MembershipReader = (uid: string) => Promise<Membership | null>;

/** What a caller may do in their household now. */
export interface HouseholdAccess {
  uid: string;
  householdId: string;
  role: HouseholdRole;
  /** Invites, roles, removing others, renaming, dissolving. */
  manages: boolean;
}

/** A sitter's time ends with the end of their last day (UTC). */
export function sitterHasLapsed(until: string | null, now: Date): boolean {
  return until !== null && utcToday(now) > until;
}

/**
 * The caller's standing: none (no membership), lapsed (a sitter after their last day: nothing is
 * allowed and nothing needs undoing by hand) or active with what the role allows.
 */
export function householdAccess(
  membership: Membership | null,
  now: Date,
): { status: 'none' } | { status: 'lapsed'; membership: Membership } | { status: 'active'; access: HouseholdAccess } {
  if (!membership) return { status: 'none' };
  if (membership.role === 'sitter' && sitterHasLapsed(membership.until, now)) return { status: 'lapsed', membership };
  const { uid, householdId, role } = membership;
  return { status: 'active', access: { uid, householdId, role, manages: role === 'owner' } };
}

const noHousehold = () =>
  new HttpError(404, 'not_found', 'You do not belong to a household. Create one, or ask its owner for an invite.');

/** Any active member's call: 404 without a household, 403 for a sitter whose time has ended. */
export function requireMember(membership: Membership | null, now: Date): HouseholdAccess {
  const standing = householdAccess(membership, now);
  if (standing.status === 'none') throw noHousehold();
  if (standing.status === 'lapsed')
    throw new HttpError(
      403,
      'forbidden',
      `Your time as a sitter of this household ended on ${standing.membership.until}. Ask its owner for a new invite to help again.`,
    );
  return standing.access;
}

/** The owner's calls: `doing` completes "Only the household's owner can …". */
export function requireOwner(membership: Membership | null, now: Date, doing: string): HouseholdAccess {
  const access = requireMember(membership, now);
  if (!access.manages) throw new HttpError(403, 'forbidden', `Only the household's owner can ${doing}.`);
  return access;
}

/**
 * Marking someone away or back (the rota): anyone of the household for themself, the owner for
 * anyone. A sitter after their last day: 403, as for every household call.
 */
export function requireMayMarkAway(membership: Membership | null, now: Date, targetUid: string): HouseholdAccess {
  const access = requireMember(membership, now);
  if (targetUid !== access.uid && !access.manages)
    throw new HttpError(403, 'forbidden', "Only the household's owner can mark someone else away or back.");
  return access;
}

/**
 * Creating or joining a household: allowed with no membership or a lapsed one (which the change
 * ends); 409 for an active member of any household.
 */
export function requireNoHousehold(membership: Membership | null, now: Date): void {
  if (householdAccess(membership, now).status === 'active')
    throw new HttpError(
      409,
      'conflict',
      'You already belong to a household. Leave it (or, as its owner, dissolve it) before joining or starting another.',
    );
}

/** What a plant's owner and the people of its household may do to it. */
export type { PlantAction };

/**
 * A plant as its store keeps it: `shareKey` is its owner's membership key while it is shared,
 * `rhythm` what it remembers of its jobs (model/rhythm.ts), `placeId` the place it stands in and
 * `placeHousehold` the household whose shared place that is (absent for a place of the owner's
 * own); none is ever answered as it is stored.
 */
export type SharablePlant = Plant & {
  shareKey?: string | null;
  rhythm?: unknown;
  placeId?: string | null;
  placeHousehold?: string | null;
};

/** Who asks: their uid, and their membership, read only when the answer depends on it. */
export interface Caller {
  uid: string;
  membership: () => Membership | null;
}

/** How a caller stands to a plant: its owner, someone of the household it is shared with, or neither. */
export type PlantStanding =
  | { as: 'owner' }
  | { as: 'household'; role: HouseholdRole; lapsed: boolean; until: string | null }
  | { as: 'outsider' };

/** Whether `plant` is shared with the household of `membership` now. */
export function isSharedWith(
  plant: SharablePlant | Pick<SharablePlant, 'shareKey'>,
  membership: Membership | null,
): boolean {
  return !!plant.shareKey && !!membership && membership.householdShareKeys.includes(plant.shareKey);
}

/** Whether the owner's plant is shared now: it carries the key of the owner's current membership. */
export function isSharedByOwner(plant: SharablePlant, ownerMembership: Membership | null): boolean {
  return !!plant.shareKey && plant.shareKey === ownerMembership?.shareKey;
}

export function plantStanding(plant: SharablePlant, caller: Caller, now: Date): PlantStanding {
  if (plant.ownerUid !== undefined && plant.ownerUid === caller.uid) return { as: 'owner' };
  if (!plant.shareKey) return { as: 'outsider' };
  const membership = caller.membership();
  if (!membership || !isSharedWith(plant, membership)) return { as: 'outsider' };
  const lapsed = membership.role === 'sitter' && sitterHasLapsed(membership.until, now);
  return { as: 'household', role: membership.role, lapsed, until: membership.until };
}

/** What each household role may do to a shared plant (the plant's owner may do everything). */
const ALLOWED: Record<HouseholdRole, ReadonlySet<PlantAction>> = {
  owner: new Set(['view', 'care', 'edit', 'photo']),
  member: new Set(['view', 'care', 'edit', 'photo']),
  sitter: new Set(['view', 'care']),
};

/** What a household role may do to a shared plant, in PLANT_ACTIONS' order: the web shows only these controls. */
export const householdMay = (role: HouseholdRole): PlantAction[] => [...ALLOWED[role]];

/** Refusals of someone the plant is not shared with: each says what was refused and who may do it. */
const REFUSALS: Record<PlantAction, string> = {
  view: "Only its owner's household may read this plant's history.",
  care: "Only its owner's household may record care and notes for this plant.",
  edit: "Only its owner's household may change this plant.",
  photo: "Only its owner's household may add, change or delete this plant's photos.",
  delete: 'Only its owner may delete this plant.',
  share: 'Only its owner may share this plant with a household or stop sharing it.',
};

/** Refusals of someone of the household whose role does not allow the action; the others read as REFUSALS. */
const ROLE_REFUSALS: Partial<Record<PlantAction, string>> = {
  edit: 'As a sitter you can record care jobs and notes, but not change the plant.',
  photo: 'As a sitter you can record care jobs and notes, but not add, change or delete photos.',
};

export const plantNotFound = () =>
  new HttpError(404, 'not_found', 'That plant does not exist. It may have been deleted.');

/**
 * The one decision of who may do what to a plant: its owner everything; a member of the household
 * it is shared with views, cares, edits and adds photos; a sitter views and cares until the end of
 * their last day, then nothing (403). Deleting and sharing are the owner's. Costs the caller's
 * membership document, only when the plant is not theirs and is shared.
 */
export function assertMayOnPlant<P extends SharablePlant>(
  plant: P | null,
  caller: Caller,
  action: PlantAction,
  now: Date,
): asserts plant is P {
  if (!plant) throw plantNotFound();
  const standing = plantStanding(plant, caller, now);
  if (standing.as === 'owner') return;
  if (standing.as === 'outsider') throw new HttpError(403, 'forbidden', REFUSALS[action]);
  if (standing.lapsed)
    throw new HttpError(
      403,
      'forbidden',
      `Your time as a sitter of this household ended on ${standing.until}. Ask its owner for a new invite to help again.`,
    );
  if (!ALLOWED[standing.role].has(action))
    throw new HttpError(403, 'forbidden', ROLE_REFUSALS[action] ?? REFUSALS[action]);
}

/** The caller's membership when it lets them share plants: active (a lapsed sitter's does not). */
export function sharingMembership(membership: Membership | null, now: Date): Membership | null {
  return householdAccess(membership, now).status === 'active' ? membership : null;
}

/**
 * What `shared` asked for on a plant changes: its owner shares it with their household (its
 * membership key) or stops; 409 outside a household. Anyone else may only leave it as it is (a plant
 * they may change is shared with them): asking to stop is the owner's (403).
 */
export function decideSharing(
  plant: SharablePlant,
  shared: boolean,
  caller: Caller,
  now: Date,
): { shareKey?: string | undefined } {
  if (plant.ownerUid !== caller.uid) {
    if (!shared) assertMayOnPlant(plant, caller, 'share', now);
    return {};
  }
  if (!shared) return plant.shareKey ? { shareKey: undefined } : {};
  const membership = sharingMembership(caller.membership(), now);
  if (!membership) throw notSharable();
  return plant.shareKey === membership.shareKey ? {} : { shareKey: membership.shareKey };
}

export const notSharable = () =>
  new HttpError(
    409,
    'conflict',
    'You do not belong to a household, so this plant cannot be shared. Create a household or join one first.',
  );

/**
 * Making a shared place (POST /mango/places `{ shared: true }`), changing one, deleting one: the
 * household's owner and members. A sitter may use its places but not make or change them (403, as
 * every change a sitter's role does not allow); a sitter after their last day 403; someone in no
 * household has no shared places (409, as sharing a plant outside one). `doing` completes "As a
 * sitter you can record care jobs and notes, but not …".
 */
export function requirePlaceKeeper(membership: Membership | null, now: Date, doing: string): HouseholdAccess {
  if (householdAccess(membership, now).status === 'none')
    throw new HttpError(
      409,
      'conflict',
      'You do not belong to a household, so there are no shared places. Create a household or join one first.',
    );
  const access = requireMember(membership, now);
  if (access.role === 'sitter')
    throw new HttpError(403, 'forbidden', `As a sitter you can record care jobs and notes, but not ${doing}.`);
  return access;
}

/** A place as the rule of what may stand in it sees it: a person's own (`household` null), or a household's shared one. */
export interface PlaceOwnership {
  household: string | null;
  /** A person's own place: whose. */
  ownerUid?: string;
}

const badPlace = (message: string) => new HttpError(400, 'invalid_input', message, { placeId: message });

/**
 * The one rule of where a plant may stand, for `caller` putting it there: a place of the caller's
 * own holds the caller's own plants (shared or not); a household's shared place holds the plants
 * shared with that household, put there by someone active in it. `plant` is as it will be stored
 * (its owner, and its share key after the change). 400 naming `placeId` otherwise.
 */
export function assertMayStandIn(
  plant: Pick<SharablePlant, 'ownerUid' | 'shareKey'>,
  place: PlaceOwnership,
  caller: Caller,
  now: Date,
): void {
  if (place.household === null) {
    if (plant.ownerUid !== caller.uid || (place.ownerUid !== undefined && place.ownerUid !== caller.uid))
      throw badPlace(
        "That place is one of your own, and this plant is not yours: put it in one of the household's shared places, or leave it where it is.",
      );
    return;
  }
  const membership = sharingMembership(caller.membership(), now);
  if (membership?.householdId !== place.household || !isSharedWith(plant, membership))
    throw badPlace(
      'That place is shared with your household, and this plant is not shared with it: share the plant first, or put it in one of your own places.',
    );
}
