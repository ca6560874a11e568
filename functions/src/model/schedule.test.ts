import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  datesAfterJob,
  datesAfterWatering,
  daysBetween,
  describeInterval,
  dueState,
  dueTone,
  groupByDueDate,
  latestWateringDate,
  localToday,
  parseWateringInterval,
  suggestNextWateringDate,
  utcToday,
} from './schedule';

describe('parseWateringInterval', () => {
  it.each<[string, number]>([
    ['daily', 1],
    ['Daily', 1],
    ['DAILY', 1],
    ['every day', 1],
    ['Every Day', 1],
    ['once a day', 1],
    ['once daily', 1],
    ['twice a day', 1],
    ['3 times a day', 1],
    ['every other day', 2],
    ['every 2 days', 2],
    ['Every 3 days', 3],
    ['every three days', 3],
    ['Every Twelve Days', 12],
    ['every 1 day', 1],
    ['every 10 days', 10],
    ['every 14 days', 14],
    ['once every 5 days', 5],
    ['every 3-4 days', 3],
    ['every 4-3 days', 3],
    ['Every 5–7 days', 5],
    ['every 2 to 3 days', 2],
    ['every two or three days', 2],
    ['weekly', 7],
    ['Weekly', 7],
    ['every week', 7],
    ['once a week', 7],
    ['Once per week', 7],
    ['twice a week', 3],
    ['Twice a week', 3],
    ['two times a week', 3],
    ['2 times a week', 3],
    ['3 times a week', 2],
    ['three times per week', 2],
    ['2-3 times a week', 2],
    ['3x a week', 2],
    ['7 times a week', 1],
    ['every 2 weeks', 14],
    ['every two weeks', 14],
    ['Every 3 Weeks', 21],
    ['once every 2 weeks', 14],
    ['biweekly', 14],
    ['Bi-weekly', 14],
    ['fortnightly', 14],
    ['every fortnight', 14],
    ['every other week', 14],
    ['monthly', 30],
    ['Monthly', 30],
    ['once a month', 30],
    ['every month', 30],
    ['every 2 months', 60],
    ['every two months', 60],
    ['every six months', 180],
    ['  every   3   days.  ', 3],
    ['Water every 4 days', 4],
    ['about once a week', 7],
    ['Twice weekly', 3],
    ['4 times weekly', 1],
    ['six times a week', 1],
    ['once a fortnight', 14],
    ['every 2-3 weeks', 14],
    ['every twelve weeks', 84],
    ['EVERY 10-12 DAYS', 10],
    ['every one week', 7],
    ['once every three months', 90],
    ['every 3 months', 90],
    ['Every eleven days', 11],
    ['every seven days', 7],
  ])('understands %j as every %i days', (text, days) => {
    expect(parseWateringInterval(text)).toBe(days);
  });

  it.each([
    '',
    'when dry',
    'keep moist',
    'as needed',
    'every now and then',
    'every 0 days',
    'every thirteen days',
    'every 400 days',
    '3 days',
    'sometimes weekly-ish',
    'every day or two maybe',
    'when the soil is dry',
    'every -2 days',
    'every 2.5 days',
    'rarely',
    'twice',
    'weekly or when dry',
  ])('gives no interval for %j', (text) => {
    expect(parseWateringInterval(text)).toBeNull();
  });

  it('copes with missing text', () => {
    expect(parseWateringInterval(undefined)).toBeNull();
    expect(parseWateringInterval(null)).toBeNull();
  });

  // The care tasks (fertilize, repot, prune, mist) are read by the same parser, and need longer intervals.
  it.each<[string, number]>([
    ['yearly', 365],
    ['Yearly', 365],
    ['annually', 365],
    ['every year', 365],
    ['Every Year', 365],
    ['once a year', 365],
    ['each year', 365],
    ['every 2 years', 730],
    ['every two years', 730],
    ['Every 3 years.', 1095],
    ['once every 2 years', 730],
    ['every 1-2 years', 365],
    ['every other year', 730],
    ['biennially', 730],
    ['every 10 years', 3650],
    ['twice a year', 182],
    ['semi-annually', 182],
    ['4 times a year', 91],
    ['three times per year', 121],
    ['quarterly', 90],
    ['twice a month', 15],
    ['3 times a month', 10],
    ['every other month', 60],
    ['every 18 months', 540],
    ['every 60 weeks', 420],
    ['about every 2 years', 730],
  ])('understands the care phrasing %j as every %i days', (text, days) => {
    expect(parseWateringInterval(text)).toBe(days);
  });

  it.each([
    'every 11 years',
    'every 0 years',
    'every 400 days',
    'every 367 days',
    'every 2.5 years',
    'yearly or so',
    'every year or two maybe',
  ])('gives no interval for %j (days beyond a year read as a slip; ten years at most)', (text) => {
    expect(parseWateringInterval(text)).toBeNull();
  });

  it('still reads a year spelled in days', () => {
    expect(parseWateringInterval('every 366 days')).toBe(366);
    expect(parseWateringInterval('every 365 days')).toBe(365);
  });
});

describe("datesAfterJob (a care task done, by the watering's rules)", () => {
  it('moves the next date by the interval, else by the previous gap, else keeps it', () => {
    expect(datesAfterJob({ lastDate: '2026-01-01', nextDate: '2026-02-01' }, 30, '2026-02-03')).toEqual({
      lastDate: '2026-02-03',
      nextDate: '2026-03-05',
    });
    expect(datesAfterJob({ lastDate: '2026-01-01', nextDate: '2026-01-11' }, null, '2026-01-12')).toEqual({
      lastDate: '2026-01-12',
      nextDate: '2026-01-22',
    });
    expect(datesAfterJob({ lastDate: null, nextDate: '2026-05-01' }, null, '2026-01-12')).toEqual({
      lastDate: '2026-01-12',
      nextDate: '2026-05-01',
    });
    expect(datesAfterJob({}, null, '2026-01-12')).toEqual({ lastDate: '2026-01-12', nextDate: null });
    expect(datesAfterJob({}, 730, '2026-01-12')).toEqual({ lastDate: '2026-01-12', nextDate: '2028-01-12' });
  });

  it('is the watering rule: datesAfterWatering gives the same dates', () => {
    for (const [last, next, interval] of [
      ['2026-03-01', '2026-03-04', 3],
      ['2026-03-01', '2026-03-06', null],
      [undefined, '2026-03-06', null],
      [undefined, undefined, null],
    ] as const) {
      const watering = datesAfterWatering({ lastWateredDate: last, nextWateringDate: next }, interval, '2026-03-10');
      expect(datesAfterJob({ lastDate: last, nextDate: next }, interval, '2026-03-10')).toEqual({
        lastDate: watering.lastWateredDate,
        nextDate: watering.nextWateringDate,
      });
    }
  });
});

describe('calendar arithmetic', () => {
  it.each<[string, number, string]>([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-27', 3, '2026-03-02'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2028-02-29', 1, '2028-03-01'],
    ['2027-12-30', 3, '2028-01-02'],
    ['2026-04-30', 30, '2026-05-30'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-08', 1, '2026-03-09'],
    ['2026-10-31', 2, '2026-11-02'],
  ])('%s + %i days is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('counts whole days between dates, across month ends and leap days', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2026-03-10', '2026-03-07')).toBe(-3);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
  });

  it('suggests the next watering from the last one and the interval', () => {
    expect(suggestNextWateringDate('2026-01-30', 3)).toBe('2026-02-02');
    expect(suggestNextWateringDate('2026-01-30', null)).toBeUndefined();
    expect(suggestNextWateringDate('', 3)).toBeUndefined();
  });
});

describe('daylight-saving changes', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('keeps the local calendar day across the spring-forward and fall-back nights', () => {
    process.env.TZ = 'America/New_York';
    // 2026-03-08 02:00 local clocks jump to 03:00; 2026-11-01 02:00 falls back to 01:00.
    expect(localToday(new Date('2026-03-08T06:30:00Z'))).toBe('2026-03-08');
    expect(localToday(new Date('2026-03-09T03:59:00Z'))).toBe('2026-03-08');
    expect(localToday(new Date('2026-11-01T05:30:00Z'))).toBe('2026-11-01');
    expect(localToday(new Date('2026-11-02T04:59:00Z'))).toBe('2026-11-01');
    expect(
      daysBetween(localToday(new Date('2026-03-07T17:00:00Z')), localToday(new Date('2026-03-09T17:00:00Z'))),
    ).toBe(2);
  });

  it('uses the local day, not the UTC day, for the user', () => {
    process.env.TZ = 'Pacific/Auckland';
    expect(localToday(new Date('2026-06-30T20:00:00Z'))).toBe('2026-07-01');
    process.env.TZ = 'America/Los_Angeles';
    expect(localToday(new Date('2026-07-01T05:00:00Z'))).toBe('2026-06-30');
  });
});

describe('dueState', () => {
  const today = '2026-03-01';
  it.each<[string, string]>([
    ['2026-02-27', 'Overdue by 2 days'],
    ['2026-02-28', 'Overdue by 1 day'],
    ['2026-03-01', 'Due today'],
    ['2026-03-02', 'Due tomorrow'],
    ['2026-03-05', 'Due in 4 days'],
    ['2026-04-01', 'Due in 31 days'],
  ])('next watering %s reads %j', (next, label) => {
    expect(dueState(next, today)?.label).toBe(label);
  });

  it('says nothing without a date', () => {
    expect(dueState(undefined, today)).toBeNull();
    expect(dueState('', today)).toBeNull();
  });

  it('tells the kind for grouping', () => {
    expect(dueState('2026-02-20', today)).toEqual({ kind: 'overdue', days: -9, label: 'Overdue by 9 days' });
    expect(dueState('2026-03-08', today)?.kind).toBe('upcoming');
  });
});

describe('the interval hint', () => {
  it.each<[number, string]>([
    [1, 'Every day'],
    [2, 'Every 2 days'],
    [3, 'Every 3 days'],
    [7, 'Every week'],
    [14, 'Every 2 weeks'],
    [21, 'Every 3 weeks'],
    [30, 'Every 30 days'],
    [365, 'Every year'],
    [730, 'Every 2 years'],
    [182, 'Every 26 weeks'],
  ])('%i days reads %j', (days, hint) => {
    expect(describeInterval(days)).toBe(hint);
  });
});

describe('the server day and the future rule', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it("takes the UTC calendar day as the server's today", () => {
    expect(utcToday(new Date('2026-03-01T23:59:59Z'))).toBe('2026-03-01');
    expect(utcToday(new Date('2026-03-02T00:00:00Z'))).toBe('2026-03-02');
  });

  it('lets a user in the furthest time zone ahead of UTC (UTC+14) record their today', () => {
    // 2026-03-01 11:00 UTC is 2026-03-02 01:00 in Kiribati (UTC+14).
    const now = new Date('2026-03-01T11:00:00Z');
    process.env.TZ = 'Pacific/Kiritimati';
    expect(localToday(now)).toBe('2026-03-02');
    expect(latestWateringDate(now)).toBe('2026-03-02');
  });

  it('crosses month and year ends', () => {
    expect(latestWateringDate(new Date('2026-12-31T12:00:00Z'))).toBe('2027-01-01');
    expect(latestWateringDate(new Date('2028-02-28T12:00:00Z'))).toBe('2028-02-29');
  });
});

describe('datesAfterWatering', () => {
  it('moves the next watering to the day plus the interval', () => {
    expect(
      datesAfterWatering({ lastWateredDate: '2026-03-01', nextWateringDate: '2026-03-04' }, 3, '2026-03-05'),
    ).toEqual({
      lastWateredDate: '2026-03-05',
      nextWateringDate: '2026-03-08',
    });
  });

  it('crosses month ends and leap days', () => {
    expect(datesAfterWatering({}, 3, '2028-02-27')).toEqual({
      lastWateredDate: '2028-02-27',
      nextWateringDate: '2028-03-01',
    });
    expect(datesAfterWatering({}, 30, '2026-01-31')).toEqual({
      lastWateredDate: '2026-01-31',
      nextWateringDate: '2026-03-02',
    });
    expect(datesAfterWatering({}, 7, '2026-12-28')).toEqual({
      lastWateredDate: '2026-12-28',
      nextWateringDate: '2027-01-04',
    });
  });

  it('keeps the previous gap between the two dates without an interval', () => {
    expect(
      datesAfterWatering({ lastWateredDate: '2026-02-26', nextWateringDate: '2026-03-03' }, null, '2026-03-04'),
    ).toEqual({
      lastWateredDate: '2026-03-04',
      nextWateringDate: '2026-03-09',
    });
  });

  it('leaves the next watering alone without an interval or a usable gap', () => {
    expect(datesAfterWatering({ nextWateringDate: '2026-03-09' }, null, '2026-03-04')).toEqual({
      lastWateredDate: '2026-03-04',
      nextWateringDate: '2026-03-09',
    });
    expect(datesAfterWatering({ lastWateredDate: '2026-03-01' }, null, '2026-03-04')).toEqual({
      lastWateredDate: '2026-03-04',
      nextWateringDate: null,
    });
    // A next date before the last one is no gap to keep.
    expect(
      datesAfterWatering({ lastWateredDate: '2026-03-05', nextWateringDate: '2026-03-02' }, null, '2026-03-06'),
    ).toEqual({
      lastWateredDate: '2026-03-06',
      nextWateringDate: '2026-03-02',
    });
    expect(datesAfterWatering({}, null, '2026-03-04')).toEqual({
      lastWateredDate: '2026-03-04',
      nextWateringDate: null,
    });
  });
});

describe('the Today groups', () => {
  const today = '2026-03-10';
  const plant = (plantName: string, nextWateringDate?: string) => ({
    plantName,
    ...(nextWateringDate ? { nextWateringDate } : {}),
  });
  type Named = ReturnType<typeof plant>;
  const groupByDue = (items: readonly Named[], day: string) =>
    groupByDueDate(
      items,
      day,
      (item) => item.nextWateringDate,
      (a, b) => a.plantName.localeCompare(b.plantName),
    );
  const plants = [
    plant('Basil', '2026-03-12'),
    plant('Aloe', '2026-03-09'),
    plant('Fern', '2026-03-10'),
    plant('Cactus', '2026-03-01'),
    plant('Jade'),
    plant('Lemon', '2026-03-17'),
    plant('Mint', '2026-03-18'),
    plant('Orchid', '2026-03-11'),
    plant('Daisy', '2026-03-10'),
  ];

  it('puts overdue (most overdue first), today and the next 7 days (soonest first) apart', () => {
    const groups = groupByDue(plants, today);
    expect(groups.overdue.map((p) => p.plantName)).toEqual(['Cactus', 'Aloe']);
    expect(groups.today.map((p) => p.plantName)).toEqual(['Daisy', 'Fern']);
    expect(groups.upcoming.map((p) => p.plantName)).toEqual(['Orchid', 'Basil', 'Lemon']);
  });

  it('leaves out plants without a date and those due after the next 7 days', () => {
    const grouped = Object.values(groupByDue(plants, today))
      .flat()
      .map((p) => p.plantName);
    expect(grouped).not.toContain('Jade');
    expect(grouped).not.toContain('Mint');
  });

  it('uses the calendar across a month end', () => {
    const groups = groupByDue([plant('Late', '2026-02-28'), plant('Soon', '2026-03-07')], '2026-03-01');
    expect(groups.overdue.map((p) => p.plantName)).toEqual(['Late']);
    expect(groups.upcoming.map((p) => p.plantName)).toEqual(['Soon']);
  });

  it('is empty for no plants', () => {
    expect(groupByDue([], today)).toEqual({ overdue: [], today: [], upcoming: [] });
  });
});

describe('dueTone', () => {
  it('colours overdue red, today and tomorrow yellow, later green', () => {
    expect((['overdue', 'today', 'tomorrow', 'upcoming'] as const).map(dueTone)).toEqual([
      'red',
      'yellow',
      'yellow',
      'green',
    ]);
  });
});
