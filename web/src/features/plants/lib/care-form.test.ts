import type { CareSchedules } from '@model/care-tasks';
import { describe, expect, it } from 'vitest';
import { careFieldLabels, careFormValues, careInputOf } from './care-form';

const blank = { frequency: '', nextDate: '' };
const STORED: CareSchedules = {
  fertilize: { frequency: 'Monthly', lastDate: '2026-03-01', nextDate: '2026-03-31', intervalDays: 30 },
  mist: { frequency: 'Every 2 days', lastDate: null, nextDate: '2026-03-05', intervalDays: 2 },
};

describe('More care values', () => {
  it('labels each task as watering is labelled', () => {
    expect(careFieldLabels('fertilize')).toEqual({
      frequency: 'Fertilizing Frequency',
      nextDate: 'Next Fertilizing Date',
    });
    expect(careFieldLabels('repot')).toEqual({ frequency: 'Repotting Frequency', nextDate: 'Next Repotting Date' });
  });

  it('fills the inputs from the schedules, blank for a task not tracked', () => {
    expect(careFormValues(STORED)).toEqual({
      fertilize: { frequency: 'Monthly', nextDate: '2026-03-31' },
      repot: blank,
      prune: blank,
      mist: { frequency: 'Every 2 days', nextDate: '2026-03-05' },
    });
  });

  it('sends a new plant only the tasks given, and nothing when none is', () => {
    expect(
      careInputOf({
        fertilize: { frequency: ' Monthly ', nextDate: '2026-04-01' },
        repot: blank,
        prune: null,
        mist: undefined,
      }),
    ).toEqual({
      fertilize: { frequency: 'Monthly', lastDate: null, nextDate: '2026-04-01' },
    });
    expect(careInputOf({ prune: { frequency: null, nextDate: '2026-05-01' } })).toEqual({
      prune: { frequency: null, lastDate: null, nextDate: '2026-05-01' },
    });
    expect(careInputOf({ fertilize: blank, repot: { frequency: null, nextDate: null } })).toBeUndefined();
  });

  it('on an edit: stops a task cleared entirely, sends a changed one whole with its last date, and leaves the rest out', () => {
    expect(
      careInputOf(
        {
          fertilize: { frequency: 'Every 2 weeks', nextDate: '2026-03-31' },
          mist: blank,
          repot: { frequency: 'Yearly', nextDate: '' },
          prune: blank,
        },
        STORED,
      ),
    ).toEqual({
      fertilize: { frequency: 'Every 2 weeks', lastDate: '2026-03-01', nextDate: '2026-03-31' },
      mist: null,
      repot: { frequency: 'Yearly', lastDate: null, nextDate: null },
    });
    expect(careInputOf(careFormValues(STORED), STORED)).toBeUndefined();
  });
});
