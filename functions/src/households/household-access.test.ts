import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-error';
import {
  householdAccess,
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
