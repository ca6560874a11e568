import { describe, expect, it } from 'vitest';
import { jade as plant } from '../../test/support/plant-fixture';
import { HttpError } from '../lib/http-error';
import {
  assertCareUndoable,
  assertUndoable,
  careJobOf,
  decideCareJob,
  decideCheckIn,
  decideJob,
  decideWatering,
} from './care.service';

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

describe('decideCheckIn', () => {
  const today = '2027-08-01';
  const weekly = { ...plant, wateringIntervalDays: 9, nextWateringDate: '2027-08-03' };
  it('moves the job a third of its interval without days, from the later of its date and today', () => {
    expect(decideCheckIn(weekly, 'water', { result: 'not-yet' }, today)).toEqual({
      job: 'water',
      snooze: { days: 3, day: today, nextDate: '2027-08-06', as: 'checked' },
    });
  });
  it("keeps a sitter's check-ins, or anyone's, within the job's interval from today however many there are", () => {
    const monthly = { frequency: 'Monthly', lastDate: '2027-07-01', nextDate: '2027-08-10', intervalDays: 30 };
    let current = { ...weekly, care: { fertilize: monthly } };
    for (let i = 0; i < 800; i += 1) {
      const water = decideCheckIn(current, 'water', { result: 'not-yet', days: 3650 }, today).snooze.nextDate;
      const fed = decideCheckIn(current, 'fertilize', { result: 'not-yet', days: 3650 }, today).snooze.nextDate;
      current = { ...current, nextWateringDate: water, care: { fertilize: { ...monthly, nextDate: fed } } };
    }
    expect(current.nextWateringDate).toBe('2027-08-10');
    expect(current.care.fertilize.nextDate).toBe('2027-08-31');
  });
  it('moves a job without an interval at most 14 days from today', () => {
    const loose = { ...weekly, wateringIntervalDays: null };
    expect(decideCheckIn(loose, 'water', { result: 'not-yet', days: 3650 }, today).snooze).toMatchObject({
      nextDate: '2027-08-15',
      days: 12,
    });
  });
});
