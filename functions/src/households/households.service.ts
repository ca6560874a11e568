import { createHash, randomBytes } from 'node:crypto';
import { HttpError } from '../lib/http-error';
import type { Viewer } from '../lib/viewer';
import {
  DAY_MS,
  inviteDeleteAt,
  INVITE_VALID_DAYS,
  SITTER_MAX_DAYS_AHEAD,
  addDays,
  utcToday,
  type CreateInviteInput,
  type Household,
  type InviteInfo,
  type OpenInvite,
  type UpdateMemberInput,
} from '../model';
import { noSuchInvite, notInHousehold, type HouseholdsRepository } from './households.repository';

/**
 * A token is 32 random bytes in base64url without padding: 43 characters. An invite's id, the
 * token's SHA-256 in base64url, has the same form; neither is ever taken for the other (a token is
 * hashed before it is looked up, an id is not).
 */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Whether `uid` could name a membership, whose document id it is: a Firebase uid has 1 to 128
 * characters, and a document id no slash or control character, is not `.` or `..`, and is not
 * `__x__`. Anything else names nobody, and is refused (404) before Firestore, which throws on some
 * of them (`a%2Fb` reaches the API as `a/b`, a path).
 */
export function isPlausibleUid(uid: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^[^/\u0000-\u001f\u007f]{1,128}$/.test(uid) && uid !== '.' && uid !== '..' && !/^__.*__$/.test(uid);
}

/**
 * What the store keeps of an invite's token: its SHA-256, as the document's id. The token has 256
 * random bits, so the hash needs no key or salt to be irreversible, and whoever reads the database
 * holds no working link.
 */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(`household-invite\n${token}`).digest('base64url');
}

const unknownInvite = () =>
  new HttpError(404, 'not_found', 'This invite link does not work. Ask the household owner for a new one.');

/** A sitter's last day: from today (UTC) to SITTER_MAX_DAYS_AHEAD days ahead, or a 400 naming `until`. */
function checkSitterUntil(until: string, now: Date): void {
  const today = utcToday(now);
  const latest = addDays(today, SITTER_MAX_DAYS_AHEAD);
  if (until < today || until > latest) {
    const message = `A sitter's end date must be from today (${today}) to ${SITTER_MAX_DAYS_AHEAD} days ahead (${latest}).`;
    throw new HttpError(400, 'invalid_input', message, { until: message });
  }
}

/** The rules of households: input the schemas cannot check alone (dates, tokens), then the repository. */
export function createHouseholdsService(repository: () => HouseholdsRepository, clock: () => Date) {
  return {
    getHousehold: (viewer: Viewer): Promise<Household> => repository().getHousehold(viewer.uid, clock()),

    createHousehold: (viewer: Viewer, name: string): Promise<Household> =>
      repository().createHousehold(viewer.uid, name, viewer.name, clock()),

    renameHousehold: (viewer: Viewer, name: string): Promise<Household> =>
      repository().renameHousehold(viewer.uid, name, clock()),

    dissolveHousehold: (viewer: Viewer): Promise<void> => repository().dissolveHousehold(viewer.uid, clock()),

    /** A new invite's token: shown once in the answer, stored only as its hash. */
    async createInvite(viewer: Viewer, input: CreateInviteInput) {
      const now = clock();
      const until = input.role === 'sitter' ? input.until! : null;
      if (until !== null) checkSitterUntil(until, now);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + INVITE_VALID_DAYS * DAY_MS);
      await repository().createInvite(
        viewer.uid,
        { tokenHash: hashInviteToken(token), role: input.role, until, expiresAt, deleteAt: inviteDeleteAt(expiresAt) },
        now,
      );
      return { token, role: input.role, until, expiresAt: expiresAt.toISOString() };
    },

    listInvites: (viewer: Viewer): Promise<OpenInvite[]> => repository().listInvites(viewer.uid, clock()),

    /** An open invite taken back by its `_id` (OpenInvite), which is never a token. */
    withdrawInvite(viewer: Viewer, inviteId: string): Promise<void> {
      if (!TOKEN_PATTERN.test(inviteId)) throw noSuchInvite();
      return repository().withdrawInvite(viewer.uid, inviteId, clock());
    },

    getInvite(token: string): Promise<InviteInfo> {
      if (!TOKEN_PATTERN.test(token)) throw unknownInvite();
      return repository().getInvite(hashInviteToken(token), clock());
    },

    joinHousehold(viewer: Viewer, token: string): Promise<Household> {
      if (!TOKEN_PATTERN.test(token)) throw unknownInvite();
      return repository().joinHousehold(viewer.uid, hashInviteToken(token), viewer.name, clock());
    },

    updateMember(viewer: Viewer, uid: string, input: UpdateMemberInput): Promise<Household> {
      if (!isPlausibleUid(uid)) throw notInHousehold();
      const now = clock();
      if (input.until !== undefined) checkSitterUntil(input.until, now);
      return repository().updateMember(viewer.uid, uid, input, now);
    },

    removeMember(viewer: Viewer, uid: string): Promise<Household | null> {
      if (!isPlausibleUid(uid)) throw notInHousehold();
      return repository().removeMember(viewer.uid, uid, clock());
    },
  };
}

export type HouseholdsService = ReturnType<typeof createHouseholdsService>;
