import { HttpError } from '../lib/http-error';
import { utcToday, type HouseholdRole } from '../model';

/**
 * Who may do what in a household, decided here and nowhere else: from the caller's membership
 * (one document, read by uid: HouseholdsRepository.getMembership) and the clock. Pure, so the
 * plants side can ask the same question of a shared plant.
 */

/** A stored membership (`householdMembers/{uid}`). */
export interface Membership {
  uid: string;
  householdId: string;
  role: HouseholdRole;
  /** A sitter's last day (YYYY-MM-DD, UTC); null otherwise. */
  until: string | null;
  displayName: string;
}

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
