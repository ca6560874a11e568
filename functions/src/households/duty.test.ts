import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { RotaPerson } from '../model';
import { dutyWith, dutyWithout } from './duty';

const person = (uid: string, role: RotaPerson['role'] = 'member'): RotaPerson => ({
  uid,
  displayName: uid.toUpperCase(),
  role,
  until: role === 'sitter' ? '2026-06-20' : null,
});
const people = [person('ana', 'owner'), person('ben'), person('sam', 'sitter')];

/** A household document as read, holding `duty` (or none). */
const householdWith = (duty?: object) =>
  ({ get: (field: string) => (field === 'duty' ? duty : undefined) }) as unknown as DocumentSnapshot;
const saved = { mode: 'rotation', rotation: ['ana', 'ben'], period: 'week', startsOn: '2026-06-01', away: [] };

describe('dutyWith', () => {
  it('puts someone new at the end of a saved rotation', () => {
    expect(dutyWith(householdWith(saved), people, 'cy')).toEqual({ ...saved, rotation: ['ana', 'ben', 'cy'] });
  });
  it('leaves a household without a saved rota alone, and someone already in it', () => {
    expect(dutyWith(householdWith(), people, 'cy')).toBeUndefined();
    expect(dutyWith(householdWith(saved), people, 'ben')).toBeUndefined();
  });
  it('puts a sitter made a member at the end, dropping uids that may no longer be in it', () => {
    const stale = { ...saved, rotation: ['gone', 'ana', 'ben'] };
    expect(dutyWith(householdWith(stale), people, 'sam')?.rotation).toEqual(['ana', 'ben', 'sam']);
  });
});

describe('dutyWithout', () => {
  it('takes someone out of a saved rotation and their days away', () => {
    const away = { ...saved, away: [{ uid: 'ben', from: '2026-06-02', until: '2026-06-03' }] };
    expect(dutyWithout(householdWith(away), people, 'ben')).toEqual({ ...saved, rotation: ['ana'], away: [] });
    expect(dutyWithout(householdWith(), people, 'ben')).toBeUndefined();
  });
});
