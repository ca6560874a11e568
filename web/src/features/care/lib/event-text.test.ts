import type { PlantEvent } from '@model/plant-events';
import { describeEvent } from './event-text';

const base = {
  _id: 'e1',
  at: '2026-03-05T10:00:00.000Z',
  lastWateredDate: null,
  nextWateringDate: null,
} satisfies Partial<PlantEvent>;

describe('describeEvent', () => {
  it('tells a watering by its own day, with the next watering', () => {
    expect(
      describeEvent({
        ...base,
        type: 'watered',
        date: '2026-03-03',
        lastWateredDate: '2026-03-03',
        nextWateringDate: '2026-03-06',
      }),
    ).toEqual({
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
    expect(text.details).toEqual([
      'Health status: "Healthy"',
      'Watering frequency: "Every 3 days"',
      'Next watering: March 8, 2026',
    ]);
  });

  it('names what an edit changed, from and to', () => {
    expect(
      describeEvent({ ...base, type: 'updated', changes: { healthStatus: { from: 'Healthy', to: 'Critical' } } }),
    ).toMatchObject({
      title: 'Health status changed',
      details: ['Health status: "Healthy" → "Critical"'],
    });
    expect(
      describeEvent({ ...base, type: 'updated', changes: { nextWateringDate: { from: '2026-03-08', to: null } } }),
    ).toMatchObject({
      title: 'Schedule changed',
      details: ['Next watering: March 8, 2026 → not set'],
    });
    expect(
      describeEvent({
        ...base,
        type: 'updated',
        changes: {
          healthStatus: { from: 'Healthy', to: 'Critical' },
          wateringFrequency: { from: 'Weekly', to: 'Daily' },
        },
      }).title,
    ).toBe('Health and schedule changed');
  });

  it('reads a kind it does not know generically, on the day it was recorded', () => {
    const text = describeEvent({ ...base, type: 'harvested' });
    expect(text.title).toBe('Changed');
    expect(text.day).toMatch(/^2026-03-0[45]$/);
  });

  it('tells a care job by its own day, with its next date', () => {
    const after = { lastDate: '2026-03-03', nextDate: '2026-04-02' };
    expect(
      describeEvent({ ...base, type: 'fertilized', task: 'fertilize', date: '2026-03-03', before: null, after }),
    ).toEqual({
      day: '2026-03-03',
      title: 'Fertilized',
      details: ['Next fertilizing: April 2, 2026'],
    });
    expect(
      describeEvent({
        ...base,
        type: 'repotted',
        task: 'repot',
        date: '2026-03-03',
        after: { lastDate: '2026-03-03', nextDate: null },
      }),
    ).toEqual({
      day: '2026-03-03',
      title: 'Repotted',
      details: [],
    });
    expect(describeEvent({ ...base, type: 'misted', date: '2026-03-02' }).title).toBe('Misted');
    expect(describeEvent({ ...base, type: 'pruned', date: '2026-03-02' }).title).toBe('Pruned');
  });

  it("tells a note by its own day (the text is the journal's to show)", () => {
    expect(describeEvent({ ...base, type: 'note', date: '2026-02-20', text: 'New leaf' })).toEqual({
      day: '2026-02-20',
      title: 'Note',
      details: [],
    });
  });

  it("names the care schedules' changes", () => {
    const text = describeEvent({
      ...base,
      type: 'updated',
      changes: {
        'care.fertilize.frequency': { from: null, to: 'Monthly' },
        'care.fertilize.nextDate': { from: '2026-03-31', to: '2026-04-02' },
        'care.mist.lastDate': { from: '2026-03-01', to: null },
      },
    });
    expect(text).toMatchObject({
      title: 'Schedule changed',
      details: [
        'Fertilizing frequency: "Monthly"',
        'Next fertilizing: March 31, 2026 → April 2, 2026',
        'Last misted: March 1, 2026 → not set',
      ],
    });
  });
});

describe('describeEvent, a snooze', () => {
  it('tells a snooze by its day, how far the job moved, and its next date', () => {
    expect(
      describeEvent({
        ...base,
        type: 'snoozed',
        task: 'water',
        days: 2,
        date: '2026-03-05',
        lastWateredDate: '2026-03-01',
        nextWateringDate: '2026-03-07',
      }),
    ).toEqual({ day: '2026-03-05', title: 'Watering snoozed for 2 days', details: ['Next watering: March 7, 2026'] });
    expect(
      describeEvent({
        ...base,
        type: 'snoozed',
        task: 'fertilize',
        days: 1,
        date: '2026-03-05',
        before: { lastDate: '2026-02-01', nextDate: '2026-03-03' },
        after: { lastDate: '2026-02-01', nextDate: '2026-03-06' },
      }),
    ).toEqual({
      day: '2026-03-05',
      title: 'Fertilizing snoozed for 1 day',
      details: ['Next fertilizing: March 6, 2026'],
    });
  });

  it('names who snoozed a shared plant, and reads a snooze it cannot make out generically', () => {
    const snoozed = { ...base, type: 'snoozed', task: 'mist' as const, days: 3, date: '2026-03-05' };
    expect(describeEvent({ ...snoozed, by: { uid: 'ana', displayName: 'Ana' } }, 'me').title).toBe(
      'Misting snoozed for 3 days by Ana',
    );
    expect(describeEvent({ ...base, type: 'snoozed' }).title).toBe('Changed');
  });
});

describe('describeEvent, who did it', () => {
  const ana = { uid: 'ana', displayName: 'Ana' };

  it('names who recorded a care job, a note or an edit on a shared plant', () => {
    expect(describeEvent({ ...base, type: 'watered', date: '2026-03-03', by: ana }, 'me').title).toBe('Watered by Ana');
    expect(
      describeEvent({ ...base, type: 'fertilized', task: 'fertilize', date: '2026-03-03', by: ana }, 'me').title,
    ).toBe('Fertilized by Ana');
    expect(describeEvent({ ...base, type: 'note', date: '2026-03-03', text: 'New leaf', by: ana }, 'me').title).toBe(
      'Note by Ana',
    );
    expect(
      describeEvent({
        ...base,
        type: 'updated',
        changes: { healthStatus: { from: 'Healthy', to: 'Critical' } },
        by: ana,
      }),
    ).toMatchObject({ title: 'Health status changed by Ana' });
  });

  it("reads the viewer's own entries, and older ones without `by`, as before", () => {
    expect(describeEvent({ ...base, type: 'watered', date: '2026-03-03', by: ana }, 'ana').title).toBe('Watered');
    expect(describeEvent({ ...base, type: 'watered', date: '2026-03-03' }, 'me').title).toBe('Watered');
  });

  it("says an imported entry is imported, with the name its file gave and never as the viewer's own", () => {
    const imported = { ...base, type: 'watered', date: '2026-03-03', imported: true } as const;
    expect(describeEvent({ ...imported, by: { displayName: 'Ana' } }, 'me').title).toBe('Watered by Ana (imported)');
    expect(describeEvent({ ...imported, by: { displayName: 'Me' } }, 'me').title).toBe('Watered by Me (imported)');
    expect(describeEvent(imported, 'me').title).toBe('Watered (imported)');
    expect(describeEvent({ ...imported, by: { displayName: '  ' } }, 'me').title).toBe('Watered (imported)');
    expect(
      describeEvent({
        ...base,
        type: 'note',
        date: '2026-03-03',
        text: 'Hi',
        imported: true,
        by: { displayName: 'Ana' },
      }),
    ).toMatchObject({ title: 'Note by Ana (imported)' });
  });
});

describe('describeEvent, a check-in', () => {
  it('tells a check-in that found the job not needed yet, with its next date and who checked', () => {
    const checked = {
      ...base,
      type: 'checked',
      task: 'water' as const,
      days: 3,
      date: '2026-03-05',
      lastWateredDate: '2026-02-26',
      nextWateringDate: '2026-03-08',
    };
    expect(describeEvent(checked)).toEqual({
      day: '2026-03-05',
      title: 'Checked: soil still moist',
      details: ['Next watering: March 8, 2026'],
    });
    expect(describeEvent({ ...checked, by: { uid: 'ana', displayName: 'Ana' } }, 'me').title).toBe(
      'Checked: soil still moist by Ana',
    );
    expect(
      describeEvent({
        ...base,
        type: 'checked',
        task: 'fertilize',
        days: 10,
        date: '2026-03-05',
        before: { lastDate: '2026-02-01', nextDate: '2026-03-03' },
        after: { lastDate: '2026-02-01', nextDate: '2026-03-15' },
      }).title,
    ).toBe('Checked: fertilizing not needed yet');
  });
});
