import { describe, expect, it } from 'vitest';
import { jade as plant } from '../../test/support/plant-fixture';
import { UpdatePlantInputSchema } from '../model';
import { UPDATABLE_FIELDS, changesBetween, forViewer, newPlantRecord, ownerNameOf } from './plants.service';

/** The server's UTC day in these tests. */
const TODAY = '2026-06-01';

const { _id, userName, createdAt, updatedAt, image } = plant;
/** The plant's own values, as the Update form would send them back (its schema keeps only its fields). */
const editable = UpdatePlantInputSchema.parse(plant);

describe('forViewer', () => {
  it('shows the owner everything', () => {
    expect(forViewer(plant, { uid: 'owner-uid' })).toEqual({ ...plant, shared: false });
  });
  it('hides userEmail and ownerUid from visitors and other users, keeping the name', () => {
    for (const viewer of [null, { uid: 'someone-else', email: 'owner@example.test' }]) {
      const shown = forViewer(plant, viewer);
      expect(shown).not.toHaveProperty('userEmail');
      expect(shown).not.toHaveProperty('ownerUid');
      expect(shown).toMatchObject({ _id, userName, createdAt, updatedAt, image });
    }
  });
  it('shows the care schedules to the owner only', () => {
    const cared = { ...plant, care: { mist: { frequency: 'daily', lastDate: null, nextDate: null, intervalDays: 1 } } };
    expect(forViewer(cared, { uid: 'owner-uid' }).care).toEqual(cared.care);
    expect(forViewer(cared, null)).not.toHaveProperty('care');
    expect(forViewer(cared, { uid: 'someone-else' })).not.toHaveProperty('care');
  });
});

describe('forViewer in a household', () => {
  const membership = (role: 'owner' | 'member' | 'sitter', until: string | null = null) => ({
    uid: 'friend-uid',
    householdId: 'h1',
    role,
    until,
    displayName: 'Friend',
    shareKey: 'friend-key',
    householdShareKeys: ['owner-key', 'friend-key'],
  });
  const shared = { ...plant, shareKey: 'owner-key' };
  const friend = { uid: 'friend-uid' };
  const now = new Date('2026-05-01T12:00:00Z');

  it("shows a member and a sitter the owner's view without the email, with what their role may do", () => {
    const asMember = forViewer(shared, friend, membership('member'), now);
    expect(asMember).toMatchObject({ ownerUid: 'owner-uid', shared: true, may: ['view', 'care', 'edit', 'photo'] });
    expect(asMember).not.toHaveProperty('userEmail');
    expect(asMember).not.toHaveProperty('shareKey');
    expect(forViewer(shared, friend, membership('sitter', '2026-05-01'), now).may).toEqual(['view', 'care']);
  });
  it('shows a sitter after their last day, and the owner, no `may`', () => {
    expect(forViewer(shared, friend, membership('sitter', '2026-04-30'), now)).not.toHaveProperty('may');
    expect(forViewer(shared, { uid: 'owner-uid' }, null, now)).not.toHaveProperty('may');
  });
});

describe('ownerNameOf', () => {
  it("uses the display name, else the email's local part", () => {
    expect(ownerNameOf({ uid: 'u', email: 'rosa@example.test', name: ' Rosa ' })).toBe('Rosa');
    expect(ownerNameOf({ uid: 'u', email: 'rosa.g@example.test' })).toBe('rosa.g');
    expect(ownerNameOf({ uid: 'u', email: 'rosa@example.test', name: '   ' })).toBe('rosa');
  });
  it('keeps it within the name limit', () => {
    expect(ownerNameOf({ uid: 'u', email: 'a@example.test', name: 'n'.repeat(300) })).toHaveLength(100);
  });
});

describe('newPlantRecord', () => {
  const owner = { uid: 'owner-uid', email: 'owner@example.test', name: 'Owner' };
  const input = {
    plantName: 'Fern',
    category: 'fern',
    careLevel: 'easy',
    healthStatus: 'Healthy',
    care: undefined,
  } as const;
  it('gives watering whose interval is understood a next date when it has none: last date + interval, else today + interval', () => {
    expect(newPlantRecord(owner, { ...input, wateringFrequency: 'Every 3 days' }, TODAY).nextWateringDate).toBe(
      '2026-06-04',
    );
    expect(
      newPlantRecord(owner, { ...input, wateringFrequency: 'weekly', lastWateredDate: '2026-05-30' }, TODAY)
        .nextWateringDate,
    ).toBe('2026-06-06');
    expect(
      newPlantRecord(owner, { ...input, wateringFrequency: 'weekly', nextWateringDate: '2026-06-02' }, TODAY)
        .nextWateringDate,
    ).toBe('2026-06-02');
    expect(newPlantRecord(owner, { ...input, wateringFrequency: 'when the soil is dry' }, TODAY)).not.toHaveProperty(
      'nextWateringDate',
    );
    expect(newPlantRecord(owner, input, TODAY)).not.toHaveProperty('nextWateringDate');
  });
  it('gives each care task whose interval is understood a next date when it has none', () => {
    const care = {
      fertilize: { frequency: 'monthly', lastDate: TODAY, nextDate: null, intervalDays: 30 },
      repot: { frequency: 'yearly', lastDate: null, nextDate: null, intervalDays: 365 },
      prune: { frequency: 'monthly', lastDate: null, nextDate: '2026-06-10', intervalDays: 30 },
      mist: { frequency: 'now and then', lastDate: null, nextDate: null, intervalDays: null },
    };
    expect(newPlantRecord(owner, { ...input, care }, TODAY).care).toEqual({
      fertilize: { ...care.fertilize, nextDate: '2026-07-01' },
      repot: { ...care.repot, nextDate: '2027-06-01' },
      prune: care.prune,
      mist: care.mist,
    });
  });
});

describe('changesBetween', () => {
  it('is empty when the update matches the stored plant', () => {
    expect(changesBetween(plant, editable, TODAY)).toEqual({});
  });
  it('lists only the fields that differ', () => {
    expect(changesBetween(plant, { ...editable, healthStatus: 'Needs Care', careLevel: 'moderate' }, TODAY)).toEqual({
      healthStatus: 'Needs Care',
      careLevel: 'moderate',
    });
  });
  it('clears a description the update leaves out', () => {
    const { description: _d, ...withoutDescription } = editable;
    expect(changesBetween(plant, withoutDescription, TODAY)).toEqual({ description: undefined });
    expect(changesBetween({ ...plant, description: undefined }, withoutDescription, TODAY)).toEqual({});
  });
  it('brings the interval the server reads in a new watering frequency', () => {
    const stored = { ...plant, wateringIntervalDays: 7 };
    expect(changesBetween(stored, { ...editable, wateringFrequency: 'Every 3 days' }, TODAY)).toEqual({
      wateringFrequency: 'Every 3 days',
      wateringIntervalDays: 3,
    });
    expect(changesBetween(stored, { ...editable, wateringFrequency: 'when dry' }, TODAY)).toEqual({
      wateringFrequency: 'when dry',
      wateringIntervalDays: null,
    });
    // Same interval, new words: only the text changes.
    expect(changesBetween(stored, { ...editable, wateringFrequency: 'once a week' }, TODAY)).toEqual({
      wateringFrequency: 'once a week',
    });
  });
  it('changes the care schedules only when the input names a task and its schedule differs', () => {
    const monthly = { frequency: 'Monthly', lastDate: '2026-03-01', nextDate: '2026-03-31', intervalDays: 30 };
    const cared = { ...plant, care: { fertilize: monthly } };
    expect(changesBetween(cared, editable, TODAY)).toEqual({});
    expect(changesBetween(cared, { ...editable, care: {} }, TODAY)).toEqual({});
    expect(
      changesBetween(
        cared,
        { ...editable, care: { fertilize: { frequency: 'Monthly', lastDate: '2026-03-01', nextDate: '2026-03-31' } } },
        TODAY,
      ),
    ).toEqual({});
    expect(
      changesBetween(cared, { ...editable, care: { fertilize: null, repot: { frequency: 'yearly' } } }, TODAY),
    ).toEqual({
      care: { repot: { frequency: 'yearly', lastDate: null, nextDate: '2027-06-01', intervalDays: 365 } },
    });
  });
  it('gives a task whose interval is understood a next date when it has none: last date + interval, else today + interval', () => {
    expect(
      changesBetween(
        plant,
        { ...editable, care: { fertilize: { frequency: 'monthly', lastDate: TODAY, nextDate: null } } },
        TODAY,
      ),
    ).toEqual({
      care: { fertilize: { frequency: 'monthly', lastDate: TODAY, nextDate: '2026-07-01', intervalDays: 30 } },
    });
    expect(changesBetween(plant, { ...editable, care: { mist: { frequency: 'when dry' } } }, TODAY)).toEqual({
      care: { mist: { frequency: 'when dry', lastDate: null, nextDate: null, intervalDays: null } },
    });
    // A stored schedule that never came due gets its date with the next update that keeps it.
    const stale = {
      ...plant,
      care: { prune: { frequency: 'every 2 weeks', lastDate: '2026-05-20', nextDate: null, intervalDays: 14 } },
    };
    expect(changesBetween(stale, editable, TODAY)).toEqual({});
    expect(changesBetween(stale, { ...editable, care: {} }, TODAY)).toEqual({
      care: { prune: { frequency: 'every 2 weeks', lastDate: '2026-05-20', nextDate: '2026-06-03', intervalDays: 14 } },
    });
  });
  it('covers exactly the fields of the Update form', () => {
    expect([...UPDATABLE_FIELDS].sort()).toEqual([
      'careLevel',
      'category',
      'description',
      'healthStatus',
      'lastWateredDate',
      'nextWateringDate',
      'plantName',
      'wateringFrequency',
    ]);
    expect(Object.keys(editable).sort()).toEqual([...UPDATABLE_FIELDS].sort());
  });
});
