import { describe, expect, it } from 'vitest';
import {
  applyCareInput,
  careJobOfType,
  careSchedule,
  changedCareTasks,
  checkInMove,
  dueJobs,
  groupJobsByDue,
  nearestJob,
  nextDueDate,
  readCareSchedules,
  scheduleAfterJob,
  scheduledJobs,
} from './care-tasks';
import { careChanges } from './plant-events';
import {
  CareBatchInputSchema,
  CareInputSchema,
  CreatePlantInputSchema,
  NoteInputSchema,
  UpdatePlantRequestSchema,
} from './plant.model';

const monthly = { frequency: 'Monthly', lastDate: '2026-03-01', nextDate: '2026-03-31', intervalDays: 30 };

describe('careSchedule', () => {
  it('reads the frequency with the watering parser, yearly phrasings included', () => {
    expect(careSchedule({ frequency: ' every 2 years ', lastDate: '2026-01-10' })).toEqual({
      frequency: 'every 2 years',
      lastDate: '2026-01-10',
      nextDate: null,
      intervalDays: 730,
    });
    expect(careSchedule({ frequency: 'Twice a month' }).intervalDays).toBe(15);
    expect(careSchedule({ frequency: 'when it looks leggy' }).intervalDays).toBeNull();
    expect(careSchedule({})).toEqual({ frequency: null, lastDate: null, nextDate: null, intervalDays: null });
  });
});

describe('applyCareInput', () => {
  it('replaces each task named, stops tracking one set to null, and leaves the others as they are', () => {
    const current = {
      fertilize: monthly,
      prune: { frequency: 'yearly', lastDate: null, nextDate: '2026-09-01', intervalDays: 365 },
    };
    expect(
      applyCareInput(current, {
        fertilize: { frequency: 'every 2 months', nextDate: '2026-05-01' },
        prune: null,
        mist: { frequency: 'daily' },
      }),
    ).toEqual({
      fertilize: { frequency: 'every 2 months', lastDate: null, nextDate: '2026-05-01', intervalDays: 60 },
      mist: { frequency: 'daily', lastDate: null, nextDate: null, intervalDays: 1 },
    });
    expect(applyCareInput(current, {})).toEqual(current);
    expect(applyCareInput(undefined, { repot: null })).toEqual({});
  });
});

describe('changedCareTasks and careChanges', () => {
  it('name the tasks, and the fields, that differ', () => {
    const after = { fertilize: { ...monthly, nextDate: '2026-04-02' }, repot: careSchedule({ frequency: 'yearly' }) };
    expect(changedCareTasks({ fertilize: monthly }, after)).toEqual(['fertilize', 'repot']);
    expect(changedCareTasks({ fertilize: monthly }, { fertilize: { ...monthly } })).toEqual([]);
    expect(careChanges({ fertilize: monthly, mist: careSchedule({ frequency: 'daily' }) }, after)).toEqual({
      'care.fertilize.nextDate': { from: '2026-03-31', to: '2026-04-02' },
      'care.repot.frequency': { from: null, to: 'yearly' },
      'care.mist.frequency': { from: 'daily', to: null },
    });
    expect(careChanges(undefined, {})).toBeNull();
  });
});

describe('scheduleAfterJob', () => {
  it("moves the task's dates by the watering's rules and keeps its frequency", () => {
    expect(scheduleAfterJob(monthly, '2026-04-05')).toEqual({
      ...monthly,
      lastDate: '2026-04-05',
      nextDate: '2026-05-05',
    });
    const noInterval = {
      frequency: 'when pot-bound',
      lastDate: '2025-04-01',
      nextDate: '2026-04-01',
      intervalDays: null,
    };
    expect(scheduleAfterJob(noInterval, '2026-04-10')).toEqual({
      ...noInterval,
      lastDate: '2026-04-10',
      nextDate: '2027-04-10',
    });
  });

  it('starts a task that was not tracked with that day, no frequency and no next date', () => {
    expect(scheduleAfterJob(undefined, '2026-04-10')).toEqual({
      frequency: null,
      lastDate: '2026-04-10',
      nextDate: null,
      intervalDays: null,
    });
  });
});

describe('nextDueDate, scheduledJobs and dueJobs', () => {
  const plant = {
    nextWateringDate: '2026-03-10',
    care: {
      fertilize: { ...monthly, nextDate: '2026-03-08' },
      repot: careSchedule({ frequency: 'yearly' }),
      mist: { ...careSchedule({ frequency: 'daily' }), nextDate: '2026-03-10' },
    },
  };

  it('is the earliest next date over watering and every tracked task', () => {
    expect(nextDueDate(plant)).toBe('2026-03-08');
    expect(nextDueDate({ ...plant, care: {} })).toBe('2026-03-10');
    expect(nextDueDate({ care: { prune: { ...monthly, nextDate: '2026-07-01' } } })).toBe('2026-07-01');
    expect(nextDueDate({ nextWateringDate: '', care: { repot: careSchedule({}) } })).toBeNull();
    expect(nextDueDate({ nextWateringDate: '2026-02-30' })).toBeNull();
  });

  it('lists the jobs soonest first, watering first on a day, and only those due by a day', () => {
    expect(scheduledJobs(plant)).toEqual([
      { job: 'fertilize', date: '2026-03-08' },
      { job: 'water', date: '2026-03-10' },
      { job: 'mist', date: '2026-03-10' },
    ]);
    expect(dueJobs(plant, '2026-03-09')).toEqual([{ job: 'fertilize', date: '2026-03-08' }]);
    expect(dueJobs(plant, '2026-03-07')).toEqual([]);
  });
});

describe('groupJobsByDue: the Today rows', () => {
  const today = '2026-03-10';
  const schedule = (nextDate: string) => ({ ...monthly, nextDate });
  const plants = [
    {
      plantName: 'Monstera',
      nextWateringDate: '2026-03-10',
      care: { fertilize: schedule('2026-03-10'), prune: schedule('2026-03-08') },
    },
    {
      plantName: 'Aloe',
      nextWateringDate: '2026-03-12',
      care: { mist: schedule('2026-03-10'), repot: schedule('2026-03-18') },
    },
    { plantName: 'Basil', care: { fertilize: schedule('2026-03-09') } },
    { plantName: 'Jade' },
  ];
  const rows = (group: { plant: { plantName: string }; job: string }[]) =>
    group.map((row) => `${row.job} ${row.plant.plantName}`);

  it('has a row per plant and job: overdue first, then today by plant name with watering first, then the next 7 days', () => {
    const groups = groupJobsByDue(plants, today);
    expect(rows(groups.overdue)).toEqual(['prune Monstera', 'fertilize Basil']);
    expect(rows(groups.today)).toEqual(['mist Aloe', 'water Monstera', 'fertilize Monstera']);
    expect(rows(groups.upcoming)).toEqual(['water Aloe']);
    expect(groups.today[1]).toEqual({ job: 'water', date: '2026-03-10', plant: plants[0] });
  });

  it('leaves out jobs after the next 7 days and plants with nothing scheduled', () => {
    const all = Object.values(groupJobsByDue(plants, today)).flat();
    expect(all.map((row) => row.job)).not.toContain('repot');
    expect(all.map((row) => row.plant.plantName)).not.toContain('Jade');
    expect(groupJobsByDue([{ plantName: 'Jade' }], today)).toEqual({ overdue: [], today: [], upcoming: [] });
  });
});

describe('nearestJob', () => {
  const today = '2026-03-10';

  it('is the earliest job of watering and the tracked tasks, with its badge label', () => {
    expect(
      nearestJob(
        { nextWateringDate: '2026-03-15', care: { fertilize: { ...monthly, nextDate: '2026-03-12' } } },
        today,
      ),
    ).toEqual({
      job: 'fertilize',
      date: '2026-03-12',
      state: { kind: 'upcoming', days: 2, label: 'Due in 2 days' },
      label: 'Fertilize due in 2 days',
    });
    expect(
      nearestJob({ nextWateringDate: '2026-03-09', care: { repot: { ...monthly, nextDate: '2026-03-12' } } }, today)
        ?.label,
    ).toBe('Water overdue by 1 day');
    expect(nearestJob({ care: { mist: { ...monthly, nextDate: '2026-03-10' } } }, today)?.label).toBe('Mist due today');
    expect(nearestJob({ care: { prune: { ...monthly, nextDate: '2026-03-11' } } }, today)?.label).toBe(
      'Prune due tomorrow',
    );
  });

  it('prefers watering on the same day, and is null with nothing scheduled', () => {
    expect(
      nearestJob({ nextWateringDate: '2026-03-10', care: { fertilize: { ...monthly, nextDate: '2026-03-10' } } }, today)
        ?.label,
    ).toBe('Water due today');
    expect(nearestJob({ care: { repot: careSchedule({ frequency: 'yearly' }) } }, today)).toBeNull();
    expect(nearestJob({}, today)).toBeNull();
  });
});

describe('readCareSchedules', () => {
  it('keeps known tasks only, every field present, and the stored interval', () => {
    expect(
      readCareSchedules({
        fertilize: { frequency: 'Monthly', lastDate: '2026-03-01', intervalDays: 30 },
        water: { frequency: 'daily' },
        repot: 'yearly',
      }),
    ).toEqual({
      fertilize: { frequency: 'Monthly', lastDate: '2026-03-01', nextDate: null, intervalDays: 30 },
    });
    expect(readCareSchedules(undefined)).toEqual({});
  });
});

describe('careJobOfType', () => {
  it('knows the event types of jobs', () => {
    expect(['watered', 'fertilized', 'repotted', 'pruned', 'misted', 'note', 'added'].map(careJobOfType)).toEqual([
      'water',
      'fertilize',
      'repot',
      'prune',
      'mist',
      null,
      null,
    ]);
  });
});

describe('the care input schemas', () => {
  const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

  it("takes a task object (blank fields are null, an answer's intervalDays ignored), null, or nothing", () => {
    expect(
      CareInputSchema.parse({
        fertilize: { frequency: ' Monthly ', lastDate: '', nextDate: '2026-04-01', intervalDays: 3 },
        prune: null,
      }),
    ).toEqual({
      fertilize: { frequency: 'Monthly', lastDate: null, nextDate: '2026-04-01' },
      prune: null,
    });
    expect(UpdatePlantRequestSchema.shape.care.parse(undefined)).toBeUndefined();
  });

  it('gives a new plant the schedules (a task null is not tracked)', () => {
    const input = CreatePlantInputSchema.parse({
      plantName: 'Fern',
      category: 'fern',
      care: { repot: { frequency: 'every 2 years', lastDate: '2026-01-01' }, mist: null },
    });
    expect(input.care).toEqual({
      repot: { frequency: 'every 2 years', lastDate: '2026-01-01', nextDate: null, intervalDays: 730 },
    });
  });

  it('refuses with sentences naming the field', () => {
    expect(
      fieldsOf(CareInputSchema.safeParse({ fertilize: { nextDate: '2026-02-30', frequency: 'x'.repeat(61) } })),
    ).toEqual({
      'fertilize.nextDate': 'Next fertilizing date must be a real date written YYYY-MM-DD.',
      'fertilize.frequency': 'Fertilizing frequency must be at most 60 characters.',
    });
    expect(fieldsOf(CareInputSchema.safeParse({ repot: 'yearly' }))).toEqual({
      repot: 'care.repot must be an object with frequency, lastDate and nextDate, or null to stop tracking repotting.',
    });
    expect(fieldsOf(CareInputSchema.safeParse({ water: { frequency: 'daily' } }))).toEqual({
      '': 'care tracks only these tasks: fertilize, repot, prune, mist (watering has its own fields).',
    });
    expect(fieldsOf(CareInputSchema.safeParse('monthly'))).toEqual({
      '': 'care must be an object naming tasks (fertilize, repot, prune, mist).',
    });
  });

  it('takes 1 to 100 distinct jobs in a batch, the same plant with different tasks', () => {
    const items = [
      { plantId: 'a', task: 'water' },
      { plantId: 'a', task: 'fertilize' },
    ];
    expect(CareBatchInputSchema.parse({ items }).items).toEqual(items);
    expect(fieldsOf(CareBatchInputSchema.safeParse({ items: [...items, items[0]] }))).toEqual({
      items: 'items names the same task of a plant twice.',
    });
    expect(fieldsOf(CareBatchInputSchema.safeParse({ items: [{ plantId: 'a', task: 'dance' }] }))).toEqual({
      'items.0.task': 'task must be one of: water, fertilize, repot, prune, mist.',
    });
    expect(fieldsOf(CareBatchInputSchema.safeParse({ items: [] }))).toEqual({
      items: 'items must name at least one job.',
    });
    expect(
      fieldsOf(
        CareBatchInputSchema.safeParse({
          items: Array.from({ length: 101 }, (_, i) => ({ plantId: `p${i}`, task: 'mist' })),
        }),
      ),
    ).toEqual({
      items: 'items may name at most 100 jobs.',
    });
  });

  it('takes a note of 1 to 1,000 characters', () => {
    expect(NoteInputSchema.parse({ text: '  New leaf!  ', date: '2026-03-01' })).toEqual({
      text: 'New leaf!',
      date: '2026-03-01',
    });
    expect(fieldsOf(NoteInputSchema.safeParse({ text: ' ' }))).toEqual({ text: 'Note text is required.' });
    expect(fieldsOf(NoteInputSchema.safeParse({ text: 'x'.repeat(1001), photoId: '../x' }))).toEqual({
      text: 'Note text must be at most 1000 characters.',
      photoId: "photoId must be the id of one of this plant's photos.",
    });
  });
});

describe('checkInMove', () => {
  const today = '2027-08-01';
  it('moves a date still ahead by the days given, counted from that date, within its interval from today', () => {
    expect(checkInMove('2027-08-03', 9, 2, today)).toEqual({ nextDate: '2027-08-05', days: 2 });
    expect(checkInMove('2027-08-10', 30, 10, today)).toEqual({ nextDate: '2027-08-20', days: 10 });
  });
  it('counts an overdue job, or one without a date, from today', () => {
    expect(checkInMove('2027-07-29', 9, 3, today)).toEqual({ nextDate: '2027-08-04', days: 3 });
    expect(checkInMove(null, 9, 3, today)).toEqual({ nextDate: '2027-08-04', days: 3 });
  });
  it('never moves a job past today plus its interval, or 14 days without one', () => {
    expect(checkInMove('2027-08-03', 9, 30, today)).toEqual({ nextDate: '2027-08-10', days: 7 });
    expect(checkInMove('2027-07-20', 9, 3650, today)).toEqual({ nextDate: '2027-08-10', days: 9 });
    expect(checkInMove('2027-08-03', null, 100, today)).toEqual({ nextDate: '2027-08-15', days: 12 });
    expect(checkInMove('2027-08-03', undefined, 3650, today)).toEqual({ nextDate: '2027-08-15', days: 12 });
  });
  it('does not add up: check-ins in a row stay at today plus the interval', () => {
    let next = '2027-08-03';
    for (let i = 0; i < 800; i += 1) next = checkInMove(next, 9, 3650, today).nextDate;
    expect(next).toBe('2027-08-10');
    expect(checkInMove(next, 9, 3, today)).toEqual({ nextDate: '2027-08-10', days: 0 });
  });
  it('never brings a job sooner: a date already past the bound stays', () => {
    expect(checkInMove('2028-01-01', 9, 3, today)).toEqual({ nextDate: '2028-01-01', days: 0 });
  });
});
