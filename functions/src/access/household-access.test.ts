import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-error';
import { jade } from '../../test/support/plant-fixture';
import {
  assertMayOnPlant,
  decideSharing,
  householdAccess,
  isSharedByOwner,
  type PlantAction,
  type SharablePlant,
  requireMember,
  requireNoHousehold,
  requireOwner,
  sitterHasLapsed,
  type Membership,
} from './household-access';

const membership = (role: Membership['role'], until: string | null = null): Membership => ({
  uid: 'u1',
  householdId: 'h1',
  role,
  until,
  displayName: 'Ana',
  shareKey: 'k1',
  householdShareKeys: ['k1'],
});

const statusOf = (run: () => unknown): number | 'ok' => {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
};

describe('sitterHasLapsed', () => {
  it('keeps a sitter through the whole of their last day (UTC) and ends it at midnight after', () => {
    expect(sitterHasLapsed('2026-06-10', new Date('2026-06-10T23:59:59.999Z'))).toBe(false);
    expect(sitterHasLapsed('2026-06-10', new Date('2026-06-11T00:00:00.000Z'))).toBe(true);
    expect(sitterHasLapsed(null, new Date('2100-01-01T00:00:00.000Z'))).toBe(false);
  });
});

describe('householdAccess', () => {
  const now = new Date('2026-06-11T08:00:00.000Z');

  it('gives the owner the management of the household, a member and a current sitter only membership', () => {
    expect(householdAccess(membership('owner'), now)).toEqual({
      status: 'active',
      access: { uid: 'u1', householdId: 'h1', role: 'owner', manages: true },
    });
    expect(householdAccess(membership('member'), now)).toMatchObject({ status: 'active', access: { manages: false } });
    expect(householdAccess(membership('sitter', '2026-06-11'), now)).toMatchObject({
      status: 'active',
      access: { role: 'sitter', manages: false },
    });
  });

  it('says none without a membership and lapsed for a sitter after their last day', () => {
    expect(householdAccess(null, now)).toEqual({ status: 'none' });
    expect(householdAccess(membership('sitter', '2026-06-10'), now).status).toBe('lapsed');
  });

  it('turns standings into the answers of the API: 404, 403, 409', () => {
    const lapsed = membership('sitter', '2026-06-10');
    expect(statusOf(() => requireMember(null, now))).toBe(404);
    expect(statusOf(() => requireMember(lapsed, now))).toBe(403);
    expect(statusOf(() => requireMember(membership('member'), now))).toBe('ok');
    expect(statusOf(() => requireOwner(membership('member'), now, 'rename it'))).toBe(403);
    expect(statusOf(() => requireOwner(membership('sitter', '2026-07-01'), now, 'rename it'))).toBe(403);
    expect(statusOf(() => requireOwner(membership('owner'), now, 'rename it'))).toBe('ok');
    expect(statusOf(() => requireNoHousehold(null, now))).toBe('ok');
    expect(statusOf(() => requireNoHousehold(lapsed, now))).toBe('ok');
    expect(statusOf(() => requireNoHousehold(membership('member'), now))).toBe(409);
  });

  it('tells a lapsed sitter, in a sentence, when their time ended', () => {
    expect(() => requireMember(membership('sitter', '2026-06-10'), now)).toThrow(/ended on 2026-06-10/);
  });
});

describe('assertMayOnPlant', () => {
  const now = new Date('2026-06-11T08:00:00.000Z');
  const shared = { ...jade, ownerUid: 'owner-uid', shareKey: 'owner-key' };
  const inHousehold = (role: Membership['role'], until: string | null = null): Membership => ({
    ...membership(role, until),
    householdShareKeys: ['owner-key', 'k1'],
  });
  const callerWith = (found: Membership | null) => ({ uid: 'u1', membership: () => found });
  const ACTIONS: PlantAction[] = ['view', 'care', 'edit', 'photo', 'delete', 'share'];
  const outcomes = (found: Membership | null, plant: SharablePlant = shared) =>
    ACTIONS.map((action) => statusOf(() => assertMayOnPlant(plant, callerWith(found), action, now)));

  it.each([
    ['the household owner', inHousehold('owner'), ['ok', 'ok', 'ok', 'ok', 403, 403]],
    ['a member', inHousehold('member'), ['ok', 'ok', 'ok', 'ok', 403, 403]],
    ['a sitter on their last day', inHousehold('sitter', '2026-06-11'), ['ok', 'ok', 403, 403, 403, 403]],
    ['a sitter after their last day', inHousehold('sitter', '2026-06-10'), [403, 403, 403, 403, 403, 403]],
    ['someone of another household', membership('member'), [403, 403, 403, 403, 403, 403]],
    ['someone in no household', null, [403, 403, 403, 403, 403, 403]],
  ])('lets %s do: view, care, edit, photo, delete, share', (_who, found, expected) => {
    expect(outcomes(found)).toEqual(expected);
  });

  it("lets the plant's owner do everything, without reading their membership", () => {
    const unread = { uid: 'owner-uid', membership: () => expect.unreachable('membership read') as never };
    for (const action of ACTIONS) expect(statusOf(() => assertMayOnPlant(shared, unread, action, now))).toBe('ok');
  });

  it('refuses a plant that is not shared, or shared by a membership that ended, and answers 404 for none', () => {
    const { shareKey: _key, ...unshared } = shared;
    expect(outcomes(inHousehold('member'), unshared)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(outcomes(inHousehold('member'), { ...shared, shareKey: 'a-key-that-left' })).toEqual(ACTIONS.map(() => 403));
    expect(statusOf(() => assertMayOnPlant(null, callerWith(inHousehold('owner')), 'view', now))).toBe(404);
  });

  it('tells an outsider what was refused, action by action', () => {
    const refusal = (action: PlantAction) => {
      try {
        assertMayOnPlant(shared, callerWith(null), action, now);
      } catch (error) {
        return (error as Error).message;
      }
      return expect.unreachable('allowed');
    };
    expect(Object.fromEntries(ACTIONS.map((action) => [action, refusal(action)]))).toEqual({
      view: "Only its owner's household may read this plant's history.",
      care: "Only its owner's household may record care and notes for this plant.",
      edit: "Only its owner's household may change this plant.",
      photo: "Only its owner's household may add, change or delete this plant's photos.",
      delete: 'Only its owner may delete this plant.',
      share: 'Only its owner may share this plant with a household or stop sharing it.',
    });
  });

  it('says why: a sitter whose time ended, and what a sitter may not do', () => {
    expect(() => assertMayOnPlant(shared, callerWith(inHousehold('sitter', '2026-06-10')), 'care', now)).toThrow(
      /ended on 2026-06-10/,
    );
    expect(() => assertMayOnPlant(shared, callerWith(inHousehold('sitter', '2026-07-01')), 'edit', now)).toThrow(
      /As a sitter/,
    );
  });
});

describe('decideSharing', () => {
  const now = new Date('2026-06-11T08:00:00.000Z');
  const owner = (found: Membership | null) => ({ uid: 'owner-uid', membership: () => found });
  const mine = { ...jade, ownerUid: 'owner-uid' };
  const myMembership = { ...membership('member'), uid: 'owner-uid', shareKey: 'mine', householdShareKeys: ['mine'] };

  it("shares the owner's plant with their household, stops, and changes nothing that is already so", () => {
    expect(decideSharing(mine, true, owner(myMembership), now)).toEqual({ shareKey: 'mine' });
    expect(decideSharing({ ...mine, shareKey: 'mine' }, true, owner(myMembership), now)).toEqual({});
    expect(decideSharing({ ...mine, shareKey: 'mine' }, false, owner(myMembership), now)).toEqual({
      shareKey: undefined,
    });
    expect(decideSharing(mine, false, owner(null), now)).toEqual({});
    expect(isSharedByOwner({ ...mine, shareKey: 'old' }, myMembership)).toBe(false);
  });

  it('refuses sharing outside a household (409) and anyone but the owner stopping it (403)', () => {
    expect(statusOf(() => decideSharing(mine, true, owner(null), now))).toBe(409);
    expect(statusOf(() => decideSharing(mine, true, owner(membership('sitter', '2026-06-10')), now))).toBe(409);
    const member = { uid: 'u1', membership: () => ({ ...membership('member'), householdShareKeys: ['mine'] }) };
    expect(statusOf(() => decideSharing({ ...mine, shareKey: 'mine' }, false, member, now))).toBe(403);
    expect(decideSharing({ ...mine, shareKey: 'mine' }, true, member, now)).toEqual({});
  });
});
