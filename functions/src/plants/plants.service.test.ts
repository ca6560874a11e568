import { describe, expect, it } from 'vitest';
import type { Plant, UpdatePlantInput } from '../model';
import { HttpError } from '../lib/http-error';
import type { PlantsRepository } from './plants.repository';
import {
  FACETS_FRESH_MS,
  UPDATABLE_FIELDS,
  assertCareUndoable,
  assertUndoable,
  careJobOf,
  changesBetween,
  createPlantsService,
  decideCareJob,
  decideJob,
  decideWatering,
  forViewer,
  newPlantRecord,
  ownerNameOf,
} from './plants.service';

/** The server's UTC day in these tests. */
const TODAY = '2026-06-01';

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
  it('shows the care schedules to the owner only', () => {
    const cared = { ...plant, care: { mist: { frequency: 'daily', lastDate: null, nextDate: null, intervalDays: 1 } } };
    expect(forViewer(cared, { uid: 'owner-uid' }).care).toEqual(cared.care);
    expect(forViewer(cared, null)).not.toHaveProperty('care');
    expect(forViewer(cared, { uid: 'someone-else' })).not.toHaveProperty('care');
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
    expect(decideWatering(weekly, '2026-03-04')).toEqual({
      date: '2026-03-04',
      lastWateredDate: '2026-03-04',
      nextWateringDate: '2026-03-11',
    });
  });
  it('accepts a second watering on the same day as the last', () => {
    expect(decideWatering(weekly, '2026-03-01')).toEqual({
      date: '2026-03-01',
      lastWateredDate: '2026-03-01',
      nextWateringDate: '2026-03-08',
    });
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
      message:
        'This plant was last watered on 2026-03-01, after 2026-02-27. Record a watering on that day or later, or undo the latest watering first.',
    });
  });
});

describe('assertUndoable', () => {
  it('lets a watering with its previous dates be undone', () => {
    expect(() =>
      assertUndoable({ type: 'watered', previous: { lastWateredDate: null, nextWateringDate: null } }),
    ).not.toThrow();
  });
  it('refuses with 409 when there is no watering, or an edit came after it', () => {
    expect(refusal(() => assertUndoable(null))).toMatchObject({
      status: 409,
      code: 'nothing_to_undo',
      message: 'There is no watering to undo for this plant.',
    });
    expect(refusal(() => assertUndoable({ type: 'added' }))).toMatchObject({
      status: 409,
      message: 'There is no watering to undo for this plant.',
    });
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

describe('decideCareJob and decideJob', () => {
  const monthly = { frequency: 'Monthly', lastDate: '2026-03-01', nextDate: '2026-03-31', intervalDays: 30 };
  const cared = { ...plant, wateringIntervalDays: 7, care: { fertilize: monthly } };
  it("moves the task's dates by the watering's rules, and starts a task not tracked yet", () => {
    expect(decideCareJob(cared, 'fertilize', '2026-03-20')).toEqual({
      job: 'fertilize',
      date: '2026-03-20',
      after: { ...monthly, lastDate: '2026-03-20', nextDate: '2026-04-19' },
    });
    expect(decideCareJob(cared, 'fertilize', '2026-03-01').after.lastDate).toBe('2026-03-01');
    expect(decideCareJob(cared, 'repot', '2026-01-01').after).toEqual({
      frequency: null,
      lastDate: '2026-01-01',
      nextDate: null,
      intervalDays: null,
    });
  });
  it('refuses a day before the task was last done with 409 and a sentence', () => {
    expect(refusal(() => decideCareJob(cared, 'fertilize', '2026-02-27'))).toEqual({
      status: 409,
      code: 'done_later',
      message:
        'This plant was last fertilized on 2026-03-01, after 2026-02-27. Choose that day or later, or undo the latest fertilizing first.',
    });
  });
  it('decides water by the watering rules', () => {
    expect(decideJob(cared, 'water', '2026-03-04')).toEqual({
      job: 'water',
      date: '2026-03-04',
      lastWateredDate: '2026-03-04',
      nextWateringDate: '2026-03-11',
    });
    expect(refusal(() => decideJob(cared, 'water', '2026-02-01')).code).toBe('watered_later');
  });
});

describe('assertCareUndoable', () => {
  it("lets the task's latest job be undone unless its schedule was edited after it", () => {
    expect(() => assertCareUndoable('prune', { revision: 5 }, 4)).not.toThrow();
    expect(() => assertCareUndoable('prune', { revision: 5 }, 0)).not.toThrow();
    expect(refusal(() => assertCareUndoable('prune', { revision: 5 }, 6))).toEqual({
      status: 409,
      code: 'nothing_to_undo',
      message:
        'The pruning schedule of this plant was edited after its latest pruning, so there is no pruning to undo. Edit the plant to correct its dates.',
    });
    expect(refusal(() => assertCareUndoable('mist', null, 0))).toEqual({
      status: 409,
      code: 'nothing_to_undo',
      message: 'There is no misting to undo for this plant.',
    });
  });
  it('leaves the watering undo as it was, with a sentence when a note or another job came after the watering', () => {
    expect(refusal(() => assertUndoable({ type: 'note' })).message).toBe(
      'The latest change to this plant is a note or another care job, not a watering, so the watering can no longer be undone here. Edit the plant to correct its dates.',
    );
    expect(refusal(() => assertUndoable({ type: 'fertilized' })).message).toMatch(
      /^The latest change to this plant is a note or another care job/,
    );
  });
});

describe('careJobOf', () => {
  it('knows the tasks of a path, and answers any other with 404', () => {
    expect(['water', 'fertilize', 'repot', 'prune', 'mist'].map(careJobOf)).toEqual([
      'water',
      'fertilize',
      'repot',
      'prune',
      'mist',
    ]);
    expect(refusal(() => careJobOf('Water'))).toEqual({
      status: 404,
      code: 'not_found',
      message: 'There is no care task "Water". The tasks are: water, fertilize, repot, prune, mist.',
    });
  });
});
