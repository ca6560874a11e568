import { randomUUID } from 'node:crypto';
import { Timestamp, type DocumentSnapshot, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { toDate } from '../lib/firestore-fields';
import type { AccountsRepository } from '../accounts/accounts.repository';
import type { AccountLimits } from '../config/limits';
import { firestoreCall as call } from '../lib/firestore-call';
import { HttpError } from '../lib/http-error';
import {
  INVITE_ROLES,
  type Household,
  type HouseholdRole,
  type InviteInfo,
  type InviteRole,
  type OpenInvite,
  type UpdateMemberInput,
} from '../model';
import {
  requireMember,
  requireNoHousehold,
  requireOwner,
  sitterHasLapsed,
  type HouseholdAccess,
  type Membership,
} from '../access/household-access';
import { dutyWith, dutyWithout, rotaPeopleOf } from './duty';
import {
  HOUSEHOLD_MEMBERS_COLLECTION,
  HOUSEHOLDS_COLLECTION,
  membershipReader,
  toMembership,
} from './memberships.repository';

export { HOUSEHOLD_MEMBERS_COLLECTION, HOUSEHOLDS_COLLECTION } from './memberships.repository';
/**
 * Keyed by the SHA-256 of the invite's token (households.service.ts), never the token:
 * `{ householdId, role, until, invitedByUid, invitedByName, createdAt, expiresAt, openUntil, usedAt, usedBy, withdrawnAt?, deleteAt }`.
 * `openUntil` is `expiresAt` until the invite is used or withdrawn, then null: the open invites of
 * a household are one indexed range (householdId, openUntil). `deleteAt` is when Firestore deletes it, used or
 * not (a TTL policy, firestore.indexes.json; the emulator has none and keeps it).
 */
export const HOUSEHOLD_INVITES_COLLECTION = 'householdInvites';

/** An invite as the rules see it. */
export interface StoredInvite {
  householdId: string;
  role: InviteRole;
  until: string | null;
  invitedByName: string;
  expiresAt: Date;
  used: boolean;
  /** Its household's owner took it back (DELETE /mango/household/invites/:id). */
  withdrawn: boolean;
}

/** What a new invite stores beside its household and inviter. */
export interface NewInvite {
  tokenHash: string;
  role: InviteRole;
  until: string | null;
  expiresAt: Date;
  /** When Firestore deletes it (INVITE_KEPT_DAYS after it expires). */
  deleteAt: Date;
}

const isInviteRole = (value: unknown): value is InviteRole => INVITE_ROLES.includes(value as InviteRole);

function toInvite(snapshot: DocumentSnapshot): StoredInvite | null {
  const data = snapshot.data();
  const expiresAt = toDate(data?.expiresAt);
  if (!data || typeof data.householdId !== 'string' || !isInviteRole(data.role) || !expiresAt) return null;
  return {
    householdId: data.householdId,
    role: data.role,
    until: typeof data.until === 'string' ? data.until : null,
    invitedByName: typeof data.invitedByName === 'string' ? data.invitedByName : '',
    expiresAt,
    used: data.usedAt != null,
    withdrawn: data.withdrawnAt != null,
  };
}

const ROLE_ORDER: Record<HouseholdRole, number> = { owner: 0, member: 1, sitter: 2 };

/** The household as `callerUid` sees it: owner first, then members and sitters by name. */
function viewOf(householdId: string, name: string, callerUid: string, members: Membership[]): Household {
  const sorted = [...members].sort(
    (a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.displayName.localeCompare(b.displayName, 'en'),
  );
  return {
    _id: householdId,
    name,
    role: members.find((member) => member.uid === callerUid)?.role ?? 'member',
    members: sorted.map(({ uid, displayName, role, until }) => ({ uid, displayName, role, until })),
  };
}

/** The update time a write of a read document is made on: it fails if another write came first. */
const asRead = (snapshot: DocumentSnapshot) => ({ lastUpdateTime: snapshot.updateTime! });

const unknownInvite = () =>
  new HttpError(404, 'not_found', 'This invite link does not work. Ask the household owner for a new one.');
const goneInvite = (why: string) => new HttpError(410, 'gone', `${why} Ask the household owner for a new invite.`);
export const goneHousehold = () => new HttpError(410, 'gone', 'This household no longer exists.');
export const notInHousehold = () => new HttpError(404, 'not_found', 'That person is not a member of your household.');
export const noSuchInvite = () => new HttpError(404, 'not_found', 'Your household has no such invite.');

/** 404 unknown, 410 used, withdrawn, expired or (for a sitter) past its last day. */
function requireUsable(invite: StoredInvite | null, now: Date): StoredInvite {
  if (!invite) throw unknownInvite();
  if (invite.used) throw goneInvite('This invite has already been used.');
  if (invite.withdrawn) throw goneInvite('This invite was withdrawn by the household owner.');
  if (invite.expiresAt.getTime() <= now.getTime()) throw goneInvite('This invite has expired.');
  if (invite.role === 'sitter' && sitterHasLapsed(invite.until, now))
    throw goneInvite(`The sitting this invite was for ended on ${invite.until}.`);
  return invite;
}

/**
 * Households, their memberships and invites. Every change is one write of the caller's account
 * (AccountsRepository.write: the write budget, one atomic commit) that also updates the household
 * document on the update time it was read at, so a household's changes are made one after the
 * other: of a removal and a role change at once, or a join and a dissolve, one is stored and the
 * other is made again on what is stored now (and refused if it no longer fits).
 */
export function createHouseholdsRepository(db: Firestore, accounts: AccountsRepository, limits: () => AccountLimits) {
  const households = db.collection(HOUSEHOLDS_COLLECTION);
  const members = db.collection(HOUSEHOLD_MEMBERS_COLLECTION);
  const invites = db.collection(HOUSEHOLD_INVITES_COLLECTION);

  /** The household's memberships: at most `householdMembers` documents. */
  async function membersOf(householdId: string): Promise<DocumentSnapshot[]> {
    return (await members.where('householdId', '==', householdId).get()).docs;
  }

  const openInvites = (householdId: string, now: Date) =>
    invites.where('householdId', '==', householdId).where('openUntil', '>', Timestamp.fromDate(now));

  async function householdOf(access: HouseholdAccess): Promise<DocumentSnapshot> {
    const snapshot = await households.doc(access.householdId).get();
    if (!snapshot.exists) throw goneHousehold();
    return snapshot;
  }

  /** Stores `membership` over what `current` (its document as read) holds. */
  function putMembership(batch: WriteBatch, current: DocumentSnapshot, membership: Membership, now: Date): void {
    const { householdId, role, until, displayName, shareKey, householdShareKeys } = membership;
    const data = { householdId, role, until, displayName, shareKey, householdShareKeys, joinedAt: now };
    if (current.exists) batch.update(current.ref, data, asRead(current));
    else batch.create(current.ref, data);
  }

  /**
   * Tells each of `others` (memberships as read) which memberships the household has now: the keys
   * of the plants they may see (Membership.householdShareKeys). A plant of someone who left is no
   * longer among them, with no plant written.
   */
  function putShareKeys(batch: WriteBatch, others: readonly DocumentSnapshot[], keys: readonly string[]): void {
    for (const other of others) batch.update(other.ref, { householdShareKeys: [...keys] }, asRead(other));
  }

  const keysOf = (snapshots: readonly DocumentSnapshot[]) =>
    snapshots.map(toMembership).flatMap((membership) => (membership ? [membership.shareKey] : []));

  /**
   * A lapsed sitter starting or joining another household: their old household counts one fewer
   * and no longer sees their plants (their membership document is replaced by the new one).
   */
  async function leaveLapsed(lapsed: Membership, now: Date): Promise<(batch: WriteBatch) => void> {
    const [old, list] = await Promise.all([households.doc(lapsed.householdId).get(), membersOf(lapsed.householdId)]);
    const rest = list.filter((snapshot) => snapshot.id !== lapsed.uid);
    return (batch) => {
      if (old.exists)
        batch.update(old.ref, { memberCount: Number(old.get('memberCount')) - 1, updatedAt: now }, asRead(old));
      putShareKeys(batch, rest, keysOf(rest));
    };
  }

  const displayNameOf = (name: string | undefined) => name ?? 'Unnamed gardener';

  /** The caller's membership: one document read, the whole of a permission check. */
  const getMembership = membershipReader(() => db);

  return {
    getMembership,

    async getHousehold(uid: string, now: Date): Promise<Household> {
      const access = requireMember(await getMembership(uid), now);
      const [household, list] = await Promise.all([
        call(households.doc(access.householdId).get()),
        call(members.where('householdId', '==', access.householdId).get()),
      ]);
      if (!household.exists) throw goneHousehold();
      return viewOf(
        household.id,
        String(household.get('name')),
        uid,
        list.docs.map(toMembership).filter((m) => m !== null),
      );
    },

    async createHousehold(uid: string, name: string, ownerName: string | undefined, now: Date): Promise<Household> {
      return accounts.write(uid, now, async () => {
        const current = await members.doc(uid).get();
        const lapsed = toMembership(current);
        requireNoHousehold(lapsed, now);
        const endLapsed = lapsed ? await leaveLapsed(lapsed, now) : undefined;
        const ref = households.doc();
        const shareKey = randomUUID();
        const self: Membership = {
          uid,
          householdId: ref.id,
          role: 'owner',
          until: null,
          displayName: displayNameOf(ownerName),
          shareKey,
          householdShareKeys: [shareKey],
        };
        return {
          result: viewOf(ref.id, name, uid, [self]),
          write: (batch) => {
            batch.create(ref, { name, ownerUid: uid, memberCount: 1, createdAt: now, updatedAt: now });
            putMembership(batch, current, self, now);
            endLapsed?.(batch);
          },
        };
      });
    },

    async renameHousehold(uid: string, name: string, now: Date): Promise<Household> {
      return accounts.write(uid, now, async () => {
        const access = requireOwner(toMembership(await members.doc(uid).get()), now, 'rename it');
        const [household, list] = await Promise.all([householdOf(access), membersOf(access.householdId)]);
        return {
          result: viewOf(
            household.id,
            name,
            uid,
            list.map(toMembership).filter((m) => m !== null),
          ),
          write: (batch) => batch.update(household.ref, { name, updatedAt: now }, asRead(household)),
        };
      });
    },

    /** Deletes the household, every membership and its open invites, in one commit. */
    async dissolveHousehold(uid: string, now: Date): Promise<void> {
      return accounts.write(uid, now, async () => {
        const access = requireOwner(toMembership(await members.doc(uid).get()), now, 'dissolve it');
        const [household, list, open] = await Promise.all([
          householdOf(access),
          membersOf(access.householdId),
          openInvites(access.householdId, now).get(),
        ]);
        return {
          result: undefined,
          write: (batch) => {
            batch.delete(household.ref, asRead(household));
            for (const snapshot of [...list, ...open.docs]) batch.delete(snapshot.ref, asRead(snapshot));
          },
        };
      });
    },

    async createInvite(uid: string, invite: NewInvite, now: Date): Promise<void> {
      return accounts.write(uid, now, async () => {
        const membership = toMembership(await members.doc(uid).get());
        const access = requireOwner(membership, now, 'invite people');
        const [household, open] = await Promise.all([
          householdOf(access),
          openInvites(access.householdId, now).count().get(),
        ]);
        const most = limits().householdOpenInvites;
        if (open.data().count >= most)
          throw new HttpError(
            409,
            'conflict',
            `Your household already has ${most} open invites, the most it can have. Wait for some to be used or to expire.`,
          );
        return {
          result: undefined,
          write: (batch) => {
            batch.create(invites.doc(invite.tokenHash), {
              householdId: access.householdId,
              role: invite.role,
              until: invite.until,
              invitedByUid: uid,
              invitedByName: membership!.displayName,
              createdAt: now,
              expiresAt: invite.expiresAt,
              openUntil: invite.expiresAt,
              usedAt: null,
              usedBy: null,
              deleteAt: invite.deleteAt,
            });
            // Serialises with a hand-over: an owner who has just handed over invites nobody.
            batch.update(household.ref, { updatedAt: now }, asRead(household));
          },
        };
      });
    },

    /**
     * The household's open invites, soonest to expire first, for its owner: one query of at most
     * `householdOpenInvites` documents on the index that counts them.
     */
    async listInvites(uid: string, now: Date): Promise<OpenInvite[]> {
      const access = requireOwner(await getMembership(uid), now, 'see its invites');
      const open = await call(openInvites(access.householdId, now).get());
      return open.docs.flatMap((snapshot) => {
        const invite = toInvite(snapshot);
        return invite
          ? [{ _id: snapshot.id, role: invite.role, until: invite.until, expiresAt: invite.expiresAt.toISOString() }]
          : [];
      });
    },

    /**
     * Takes an open invite back: its link answers 410 from then on, and it no longer counts against
     * the open invites. Kept (not deleted) so the link says why, until Firestore deletes it with the
     * others (`deleteAt`). Updates the household, so it is made one after the other with a hand-over
     * (an owner who has just handed over withdraws nothing) and a join (a join made again finds it
     * withdrawn). 404 for an invite of another household, as for none.
     */
    async withdrawInvite(uid: string, inviteId: string, now: Date): Promise<void> {
      return accounts.write(uid, now, async () => {
        const access = requireOwner(toMembership(await members.doc(uid).get()), now, 'withdraw its invites');
        const [snapshot, household] = await Promise.all([invites.doc(inviteId).get(), householdOf(access)]);
        const invite = toInvite(snapshot);
        if (!invite || invite.householdId !== access.householdId) throw noSuchInvite();
        if (invite.used)
          throw new HttpError(410, 'gone', 'This invite has already been used, so it can no longer be withdrawn.');
        if (invite.withdrawn) throw new HttpError(410, 'gone', 'This invite has already been withdrawn.');
        if (invite.expiresAt.getTime() <= now.getTime())
          throw new HttpError(410, 'gone', 'This invite has expired: its link no longer works.');
        return {
          result: undefined,
          write: (batch) => {
            batch.update(snapshot.ref, { openUntil: null, withdrawnAt: now }, asRead(snapshot));
            batch.update(household.ref, { updatedAt: now }, asRead(household));
          },
        };
      });
    },

    async getInvite(tokenHash: string, now: Date): Promise<InviteInfo> {
      const invite = requireUsable(toInvite(await call(invites.doc(tokenHash).get())), now);
      const household = await call(households.doc(invite.householdId).get());
      if (!household.exists) throw goneHousehold();
      return {
        householdName: String(household.get('name')),
        invitedBy: invite.invitedByName,
        role: invite.role,
        until: invite.until,
      };
    },

    /**
     * Uses the invite: its document, the household's and the joiner's membership change in one
     * commit, each on the update time it was read at, so of several joins with one token the
     * first stored wins and the others, made again, find it used (410).
     */
    async joinHousehold(uid: string, tokenHash: string, joinerName: string | undefined, now: Date): Promise<Household> {
      return accounts.write(uid, now, async () => {
        const [inviteSnapshot, current] = await db.getAll(invites.doc(tokenHash), members.doc(uid));
        const stored = toInvite(inviteSnapshot!);
        if (!stored) throw unknownInvite();
        const lapsed = toMembership(current!);
        requireNoHousehold(lapsed, now);
        const invite = requireUsable(stored, now);
        const household = await households.doc(invite.householdId).get();
        if (!household.exists) throw goneHousehold();
        const rejoining = lapsed?.householdId === invite.householdId;
        const count = Number(household.get('memberCount'));
        const most = limits().householdMembers;
        if (!rejoining && count >= most)
          throw new HttpError(
            409,
            'conflict',
            `This household already has ${most} people, the most a household can have. Ask its owner to make room.`,
          );
        const endLapsed = lapsed && !rejoining ? await leaveLapsed(lapsed, now) : undefined;
        const list = await membersOf(invite.householdId);
        const otherDocs = list.filter((snapshot) => snapshot.id !== uid);
        const others = otherDocs.map(toMembership).filter((m) => m !== null);
        const shareKey = randomUUID();
        const keys = [...keysOf(otherDocs), shareKey];
        const self: Membership = {
          uid,
          householdId: invite.householdId,
          role: invite.role,
          until: invite.until,
          displayName: displayNameOf(joinerName),
          shareKey,
          householdShareKeys: keys,
        };
        return {
          result: viewOf(household.id, String(household.get('name')), uid, [...others, self]),
          write: (batch) => {
            batch.update(inviteSnapshot!.ref, { usedAt: now, usedBy: uid, openUntil: null }, asRead(inviteSnapshot!));
            // A member who joins a saved rotation takes their turns after everyone in it; a sitter never does.
            const duty = invite.role === 'sitter' ? undefined : dutyWith(household, rotaPeopleOf(list), uid);
            batch.update(
              household.ref,
              { memberCount: rejoining ? count : count + 1, ...(duty ? { duty } : {}), updatedAt: now },
              asRead(household),
            );
            putMembership(batch, current!, self, now);
            putShareKeys(batch, otherDocs, keys);
            endLapsed?.(batch);
          },
        };
      });
    },

    /**
     * A new role or end date for a member; `owner` hands ownership over (the caller becomes a
     * member). `input` is valid (UpdateMemberInputSchema, and the service's date bounds).
     */
    async updateMember(uid: string, targetUid: string, input: UpdateMemberInput, now: Date): Promise<Household> {
      return accounts.write(uid, now, async () => {
        const callerSnapshot = await members.doc(uid).get();
        const caller = toMembership(callerSnapshot);
        const access = requireOwner(caller, now, "change people's roles");
        const [targetSnapshot, household, list] = await Promise.all([
          members.doc(targetUid).get(),
          householdOf(access),
          membersOf(access.householdId),
        ]);
        const target = toMembership(targetSnapshot);
        if (!target || target.householdId !== access.householdId) throw notInHousehold();
        const role = input.role ?? target.role;
        if (role !== 'sitter' && input.until !== undefined)
          throw new HttpError(400, 'invalid_input', 'Only a sitter has an end date.', {
            until: 'Only a sitter has an end date: leave until out for an owner or a member.',
          });
        if (targetUid === uid && role !== 'owner')
          throw new HttpError(
            409,
            'conflict',
            'You own this household: make someone else its owner before changing your own role.',
          );
        const handOver = role === 'owner' && targetUid !== uid;
        const changed: Membership = {
          ...target,
          role,
          until: role === 'sitter' ? (input.until ?? target.until) : null,
        };
        const next = list
          .map(toMembership)
          .filter((m) => m !== null)
          .map((m) =>
            m.uid === targetUid
              ? changed
              : handOver && m.uid === uid
                ? { ...m, role: 'member' as const, until: null }
                : m,
          );
        return {
          result: viewOf(household.id, String(household.get('name')), uid, next),
          // Owner to owner: nothing changes, nothing is stored.
          write:
            targetUid === uid
              ? undefined
              : (batch) => {
                  batch.update(
                    targetSnapshot.ref,
                    { role: changed.role, until: changed.until },
                    asRead(targetSnapshot),
                  );
                  if (handOver)
                    batch.update(callerSnapshot.ref, { role: 'member', until: null }, asRead(callerSnapshot));
                  // A sitter is never in the rotation: made one, they leave it in the same commit; a
                  // sitter made a member takes their turns after everyone in it.
                  const duty =
                    changed.role === 'sitter'
                      ? dutyWithout(household, rotaPeopleOf(list), targetUid)
                      : target.role === 'sitter'
                        ? dutyWith(household, rotaPeopleOf(list), targetUid)
                        : undefined;
                  batch.update(
                    household.ref,
                    { ...(handOver ? { ownerUid: targetUid } : {}), ...(duty ? { duty } : {}), updatedAt: now },
                    asRead(household),
                  );
                },
        };
      });
    },

    /**
     * Removes a member (the owner, anyone but themself) or the caller (leaving; the owner must hand
     * over or dissolve first). Answers the household as the owner sees it now, or null after leaving.
     */
    async removeMember(uid: string, targetUid: string, now: Date): Promise<Household | null> {
      return accounts.write(uid, now, async () => {
        const callerSnapshot = await members.doc(uid).get();
        const caller = toMembership(callerSnapshot);
        const leaving = targetUid === uid;
        const access = leaving ? requireMember(caller, now) : requireOwner(caller, now, 'remove people');
        if (leaving && access.manages)
          throw new HttpError(
            409,
            'conflict',
            'You own this household: make someone else its owner, or dissolve the household, before leaving.',
          );
        const [targetSnapshot, household, list] = await Promise.all([
          leaving ? callerSnapshot : members.doc(targetUid).get(),
          householdOf(access),
          membersOf(access.householdId),
        ]);
        const target = toMembership(targetSnapshot);
        if (!target || target.householdId !== access.householdId) throw notInHousehold();
        const restDocs = list.filter((snapshot) => snapshot.id !== targetUid);
        const rest = restDocs.map(toMembership).filter((m) => m !== null);
        return {
          result: leaving ? null : viewOf(household.id, String(household.get('name')), uid, rest),
          write: (batch) => {
            batch.delete(targetSnapshot.ref, asRead(targetSnapshot));
            putShareKeys(batch, restDocs, keysOf(restDocs));
            // Their turns pass on: the rota loses them in the commit that removes them.
            const duty = dutyWithout(household, rotaPeopleOf(list), targetUid);
            batch.update(
              household.ref,
              { memberCount: Number(household.get('memberCount')) - 1, ...(duty ? { duty } : {}), updatedAt: now },
              asRead(household),
            );
          },
        };
      });
    },
  };
}

export type HouseholdsRepository = ReturnType<typeof createHouseholdsRepository>;
