import { z } from './zod';
import { DAY_MS } from './schedule';
import { isCalendarDate } from './validators';

/**
 * The household model shared by the API and the web app: a small group of accounts that will
 * look after plants together. Pure: no express, firebase or DOM.
 */

export const HOUSEHOLD_ROLES = ['owner', 'member', 'sitter'] as const;
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];
/** The roles an invite may give: ownership is only ever handed over. */
export const INVITE_ROLES = ['member', 'sitter'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

/** What someone may do to a plant: see it (the owner's view), care for it, edit it, add photos, delete it, share it. */
export const PLANT_ACTIONS = ['view', 'care', 'edit', 'photo', 'delete', 'share'] as const;
export type PlantAction = (typeof PLANT_ACTIONS)[number];

export const HOUSEHOLD_NAME_MAX = 60;
/** An invite works once, for this many days after it is made. */
export const INVITE_VALID_DAYS = 7;
/**
 * A used or expired invite is kept this many days after it expires, so its link says why it no
 * longer works (410); then Firestore deletes it (a TTL policy on its `deleteAt`).
 */
export const INVITE_KEPT_DAYS = 30;

/** When Firestore deletes an invite that expires at `expiresAt`. */
export const inviteDeleteAt = (expiresAt: Date): Date => new Date(expiresAt.getTime() + INVITE_KEPT_DAYS * DAY_MS);
/** A sitter's last day is at most this many days after today (UTC). */
export const SITTER_MAX_DAYS_AHEAD = 90;

export interface HouseholdMember {
  uid: string;
  displayName: string;
  role: HouseholdRole;
  /** A sitter's last day (YYYY-MM-DD, UTC); null for an owner or a member. */
  until: string | null;
}

/** A household as its members see it (GET /mango/household): no member's email. */
export interface Household {
  _id: string;
  name: string;
  /** The caller's role. */
  role: HouseholdRole;
  members: HouseholdMember[];
}

/** What the accept page shows of an invite (GET /mango/household/invites/:token). */
export interface InviteInfo {
  householdName: string;
  invitedBy: string;
  role: InviteRole;
  until: string | null;
}

/**
 * An open invite as its household's owner sees it (GET /mango/household/invites): one neither
 * used, withdrawn nor expired. Never its token: `_id` names it for withdrawal
 * (DELETE /mango/household/invites/:id) and is no link: it is the SHA-256 of the token, which the
 * store keeps as the invite's id, and nothing accepts it in place of a token.
 */
export interface OpenInvite {
  _id: string;
  role: InviteRole;
  until: string | null;
  expiresAt: string;
}

/** A new invite (POST /mango/household/invites): the link is shown once, then only its hash is kept. */
export interface CreatedInvite {
  token: string;
  url: string;
  role: InviteRole;
  until: string | null;
  expiresAt: string;
}

const householdName = z
  .string({ error: (issue) => (issue.input === undefined ? 'Name is required.' : 'Name must be text.') })
  .trim()
  .min(1, 'Name is required.')
  .max(HOUSEHOLD_NAME_MAX, `Name must be at most ${HOUSEHOLD_NAME_MAX} characters.`);

/** POST and PATCH /mango/household. */
export const HouseholdNameInputSchema = z.strictObject({ name: householdName });
export type HouseholdNameInput = z.infer<typeof HouseholdNameInputSchema>;

const untilDate = z
  .string({ error: 'End date must be a date written YYYY-MM-DD.' })
  .trim()
  .refine(isCalendarDate, 'End date must be a real date written YYYY-MM-DD.');

const roleOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined ? 'Role is required.' : `Role must be one of: ${values.join(', ')}.`),
  });

const SITTER_NEEDS_UNTIL = 'A sitter needs an end date (until, YYYY-MM-DD).';
const ONLY_SITTERS_HAVE_UNTIL = 'Only a sitter has an end date: leave until out for an owner or a member.';

/** POST /mango/household/invites: a sitter's invite names their last day, a member's none. */
export const CreateInviteInputSchema = z
  .strictObject({ role: roleOf(INVITE_ROLES), until: untilDate.optional() })
  .superRefine((input, context) => {
    if (input.role === 'sitter' && input.until === undefined)
      context.addIssue({ code: 'custom', path: ['until'], message: SITTER_NEEDS_UNTIL });
    if (input.role === 'member' && input.until !== undefined)
      context.addIssue({ code: 'custom', path: ['until'], message: ONLY_SITTERS_HAVE_UNTIL });
  });
export type CreateInviteInput = z.infer<typeof CreateInviteInputSchema>;

/** POST /mango/household/join. */
export const JoinHouseholdInputSchema = z.strictObject({
  token: z
    .string({ error: (issue) => (issue.input === undefined ? 'Token is required.' : 'Token must be text.') })
    .trim()
    .min(1, 'Token is required.')
    .max(200, 'Token is not an invite token.'),
});
export type JoinHouseholdInput = z.infer<typeof JoinHouseholdInputSchema>;

/**
 * PATCH /mango/household/members/:uid: a new role (owner hands ownership over), a sitter's new last
 * day, or both. A sitter needs `until`; an owner or a member has none.
 */
export const UpdateMemberInputSchema = z
  .strictObject({ role: roleOf(HOUSEHOLD_ROLES).optional(), until: untilDate.optional() })
  .superRefine((input, context) => {
    if (input.role === undefined && input.until === undefined)
      context.addIssue({ code: 'custom', path: ['role'], message: 'Send a new role, an end date (until), or both.' });
    if (input.role === 'sitter' && input.until === undefined)
      context.addIssue({ code: 'custom', path: ['until'], message: SITTER_NEEDS_UNTIL });
    if ((input.role === 'member' || input.role === 'owner') && input.until !== undefined)
      context.addIssue({ code: 'custom', path: ['until'], message: ONLY_SITTERS_HAVE_UNTIL });
  });
export type UpdateMemberInput = z.infer<typeof UpdateMemberInputSchema>;
