import { describe, expect, it } from 'vitest';
import type { Plant, UpdatePlantInput } from '../model';
import { UPDATABLE_FIELDS, changesBetween, forViewer, ownerNameOf } from './plants.service';

const plant: Plant = {
  _id: 'p1',
  plantName: 'Jade',
  category: 'succulent',
  careLevel: 'easy',
  healthStatus: 'Healthy',
  wateringFrequency: 'Weekly',
  lastWateredDate: '2026-03-01',
  nextWateringDate: '2026-03-08',
  description: 'Sunny sill.',
  image: '/images/plants/jade-plant.webp',
  userName: 'Owner',
  userEmail: 'owner@example.test',
  ownerUid: 'owner-uid',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};
const { _id, userName, createdAt, updatedAt, image } = plant;
/** The plant's own values, as the Update form would send them back. */
const editable: UpdatePlantInput = {
  plantName: 'Jade',
  category: 'succulent',
  careLevel: 'easy',
  healthStatus: 'Healthy',
  wateringFrequency: 'Weekly',
  lastWateredDate: '2026-03-01',
  nextWateringDate: '2026-03-08',
  description: 'Sunny sill.',
};

describe('forViewer', () => {
  it('shows the owner everything', () => {
    expect(forViewer(plant, { uid: 'owner-uid' })).toEqual(plant);
  });
  it('hides userEmail and ownerUid from visitors and other users, keeping the name', () => {
    for (const viewer of [null, { uid: 'someone-else', email: 'owner@example.test' }]) {
      const shown = forViewer(plant, viewer);
      expect(shown).not.toHaveProperty('userEmail');
      expect(shown).not.toHaveProperty('ownerUid');
      expect(shown).toMatchObject({ _id, userName, createdAt, updatedAt, image });
    }
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

describe('changesBetween', () => {
  it('is empty when the update matches the stored plant', () => {
    expect(changesBetween(plant, editable)).toEqual({});
  });
  it('lists only the fields that differ', () => {
    expect(changesBetween(plant, { ...editable, healthStatus: 'Needs Care', careLevel: 'moderate' })).toEqual({
      healthStatus: 'Needs Care',
      careLevel: 'moderate',
    });
  });
  it('clears a description the update leaves out', () => {
    const { description: _d, ...withoutDescription } = editable;
    expect(changesBetween(plant, withoutDescription)).toEqual({ description: undefined });
    expect(changesBetween({ ...plant, description: undefined }, withoutDescription)).toEqual({});
  });
  it('covers exactly the fields of the Update form', () => {
    expect([...UPDATABLE_FIELDS].sort()).toEqual(Object.keys(editable).sort());
  });
});
