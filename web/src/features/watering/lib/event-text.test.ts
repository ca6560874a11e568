import type { PlantEvent } from '@model/plant-events';
import { describeEvent } from './event-text';

const base = { _id: 'e1', at: '2026-03-05T10:00:00.000Z', lastWateredDate: null, nextWateringDate: null } satisfies Partial<PlantEvent>;

describe('describeEvent', () => {
  it('tells a watering by its own day, with the next watering', () => {
    expect(describeEvent({ ...base, type: 'watered', date: '2026-03-03', lastWateredDate: '2026-03-03', nextWateringDate: '2026-03-06' })).toEqual({
      day: '2026-03-03',
      title: 'Watered',
      details: ['Next watering: March 6, 2026'],
    });
    expect(describeEvent({ ...base, type: 'watered', date: '2026-03-03' }).details).toEqual([]);
  });

  it('lists what a new plant started with', () => {
    const text = describeEvent({
      ...base,
      type: 'added',
      changes: {
        healthStatus: { from: null, to: 'Healthy' },
        wateringFrequency: { from: null, to: 'Every 3 days' },
        nextWateringDate: { from: null, to: '2026-03-08' },
      },
    });
    expect(text.title).toBe('Added');
    expect(text.details).toEqual(['Health status: "Healthy"', 'Watering frequency: "Every 3 days"', 'Next watering: March 8, 2026']);
  });

  it('names what an edit changed, from and to', () => {
    expect(describeEvent({ ...base, type: 'updated', changes: { healthStatus: { from: 'Healthy', to: 'Critical' } } })).toMatchObject({
      title: 'Health status changed',
      details: ['Health status: "Healthy" → "Critical"'],
    });
    expect(describeEvent({ ...base, type: 'updated', changes: { nextWateringDate: { from: '2026-03-08', to: null } } })).toMatchObject({
      title: 'Schedule changed',
      details: ['Next watering: March 8, 2026 → not set'],
    });
    expect(
      describeEvent({
        ...base,
        type: 'updated',
        changes: { healthStatus: { from: 'Healthy', to: 'Critical' }, wateringFrequency: { from: 'Weekly', to: 'Daily' } },
      }).title,
    ).toBe('Health and schedule changed');
  });

  it('reads a kind it does not know generically, on the day it was recorded', () => {
    const text = describeEvent({ ...base, type: 'repotted' });
    expect(text.title).toBe('Changed');
    expect(text.day).toMatch(/^2026-03-0[45]$/);
  });
});
