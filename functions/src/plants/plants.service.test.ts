import { describe, expect, it } from 'vitest';
import type { Plant, UpdatePlantInput } from '../model';
import { HttpError } from '../lib/http-error';
import type { PlantsRepository } from './plants.repository';
import {
  FACETS_FRESH_MS,
  UPDATABLE_FIELDS,
  assertUndoable,
  changesBetween,
  createPlantsService,
  decideWatering,
  forViewer,
  ownerNameOf,
} from './plants.service';

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
  it('brings the interval the server reads in a new watering frequency', () => {
    const stored = { ...plant, wateringIntervalDays: 7 };
    expect(changesBetween(stored, { ...editable, wateringFrequency: 'Every 3 days' })).toEqual({ wateringFrequency: 'Every 3 days', wateringIntervalDays: 3 });
    expect(changesBetween(stored, { ...editable, wateringFrequency: 'when dry' })).toEqual({ wateringFrequency: 'when dry', wateringIntervalDays: null });
    // Same interval, new words: only the text changes.
    expect(changesBetween(stored, { ...editable, wateringFrequency: 'once a week' })).toEqual({ wateringFrequency: 'once a week' });
  });
  it('covers exactly the fields of the Update form', () => {
    expect([...UPDATABLE_FIELDS].sort()).toEqual(Object.keys(editable).sort());
  });
});

function refusal(work: () => unknown): { status: number; code: string; message: string } {
  try {
    work();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('decideWatering', () => {
  const weekly = { ...plant, wateringIntervalDays: 7 };
  it('sets the day and moves the next watering by the interval', () => {
    expect(decideWatering(weekly, '2026-03-04')).toEqual({ date: '2026-03-04', lastWateredDate: '2026-03-04', nextWateringDate: '2026-03-11' });
  });
  it('accepts a second watering on the same day as the last', () => {
    expect(decideWatering(weekly, '2026-03-01')).toEqual({ date: '2026-03-01', lastWateredDate: '2026-03-01', nextWateringDate: '2026-03-08' });
  });
  it('keeps the gap between the dates when the frequency is not understood', () => {
    expect(decideWatering({ ...plant, wateringIntervalDays: null }, '2026-03-10')).toEqual({
      date: '2026-03-10',
      lastWateredDate: '2026-03-10',
      nextWateringDate: '2026-03-17',
    });
  });
  it('refuses a day before the last watering with 409 and a sentence', () => {
    expect(refusal(() => decideWatering(weekly, '2026-02-27'))).toEqual({
      status: 409,
      code: 'watered_later',
      message: 'This plant was last watered on 2026-03-01, after 2026-02-27. Record a watering on that day or later, or undo the latest watering first.',
    });
  });
});

describe('assertUndoable', () => {
  it('lets a watering with its previous dates be undone', () => {
    expect(() => assertUndoable({ type: 'watered', previous: { lastWateredDate: null, nextWateringDate: null } })).not.toThrow();
  });
  it('refuses with 409 when there is no watering, or an edit came after it', () => {
    expect(refusal(() => assertUndoable(null))).toMatchObject({
      status: 409,
      code: 'nothing_to_undo',
      message: 'There is no watering to undo for this plant.',
    });
    expect(refusal(() => assertUndoable({ type: 'added' }))).toMatchObject({ status: 409, message: 'There is no watering to undo for this plant.' });
    expect(refusal(() => assertUndoable({ type: 'updated' }))).toMatchObject({
      status: 409,
      message: expect.stringContaining('an edit of its health or schedule'),
    });
  });
});

describe('the filter options', () => {
  it('are counted again only once they are FACETS_FRESH_MS old, and a failure is never kept', async () => {
    let now = 1_000_000;
    let counted = 0;
    let failing = false;
    const repository = {
      facets: async () => {
        counted += 1;
        if (failing) throw new Error('Firestore is down');
        return { categories: ['fern'], careLevels: ['easy'], total: counted };
      },
    } as unknown as PlantsRepository;
    const service = createPlantsService(
      () => repository,
      () => new Date(now),
    );
    expect((await service.facets()).total).toBe(1);
    now += FACETS_FRESH_MS - 1;
    expect((await service.facets()).total).toBe(1);
    now += 1;
    failing = true;
    await expect(service.facets()).rejects.toThrow('Firestore is down');
    failing = false;
    expect((await service.facets()).total).toBe(3);
    expect(counted).toBe(3);
  });
});
