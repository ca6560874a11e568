import { describe, expect, it } from 'vitest';
import { trackedChanges } from './plant-events';

describe('trackedChanges', () => {
  it('records every tracked field a new plant sets, from nothing', () => {
    expect(
      trackedChanges({}, { healthStatus: 'Healthy', wateringFrequency: 'Weekly', lastWateredDate: '2026-03-01' }),
    ).toEqual({
      healthStatus: { from: null, to: 'Healthy' },
      wateringFrequency: { from: null, to: 'Weekly' },
      lastWateredDate: { from: null, to: '2026-03-01' },
    });
  });

  it('records only health and schedule fields that changed', () => {
    const before = {
      healthStatus: 'Healthy',
      wateringFrequency: 'Weekly',
      lastWateredDate: '2026-03-01',
      nextWateringDate: '2026-03-08',
    };
    expect(trackedChanges(before, { ...before, healthStatus: 'Critical', nextWateringDate: '2026-03-05' })).toEqual({
      healthStatus: { from: 'Healthy', to: 'Critical' },
      nextWateringDate: { from: '2026-03-08', to: '2026-03-05' },
    });
  });

  it('is null when nothing tracked changed, blank and absent being the same', () => {
    expect(trackedChanges({ healthStatus: 'Healthy', nextWateringDate: '' }, { healthStatus: 'Healthy' })).toBeNull();
    expect(trackedChanges({}, {})).toBeNull();
  });

  it('records a cleared field as changed to null', () => {
    expect(trackedChanges({ nextWateringDate: '2026-03-08' }, { nextWateringDate: undefined })).toEqual({
      nextWateringDate: { from: '2026-03-08', to: null },
    });
  });
});
