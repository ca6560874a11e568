import { describe, expect, it } from 'vitest';
import {
  AwayInputSchema,
  UpdateDutyInputSchema,
  defaultDuty,
  dutyView,
  nextOnDuty,
  onDutyByJob,
  onDutyOn,
  periodOf,
  type DutySettings,
  type RotaPerson,
} from './duty';

const ana: RotaPerson = { uid: 'ana', displayName: 'Ana', role: 'owner', until: null };
const ben: RotaPerson = { uid: 'ben', displayName: 'Ben', role: 'member', until: null };
const cy: RotaPerson = { uid: 'cy', displayName: 'Cy', role: 'member', until: null };
const sam: RotaPerson = { uid: 'sam', displayName: 'Sam', role: 'sitter', until: '2026-06-20' };
const people = [ana, ben, cy, sam];

/** Weekly from Monday 2026-06-01: Ana that week, Ben the next, Cy the one after. */
const weekly: DutySettings = {
  mode: 'rotation',
  rotation: ['ana', 'ben', 'cy'],
  period: 'week',
  startsOn: '2026-06-01',
  away: [],
};
const who = (settings: DutySettings, day: string, list = people) => onDutyOn(settings, list, day)?.uid ?? null;

describe('the rota', () => {
  it('names nobody in mode everyone', () => {
    expect(who({ ...weekly, mode: 'everyone' }, '2026-06-03')).toBeNull();
    expect(dutyView({ ...weekly, mode: 'everyone' }, people, '2026-06-03')).toMatchObject({ today: null, weeks: [] });
  });

  it('turns with each week, on the day the week changes, and counts back before its start', () => {
    expect(who(weekly, '2026-06-01')).toBe('ana');
    expect(who(weekly, '2026-06-07')).toBe('ana');
    expect(who(weekly, '2026-06-08')).toBe('ben');
    expect(who(weekly, '2026-06-15')).toBe('cy');
    expect(who(weekly, '2026-06-22')).toBe('ana');
    expect(who(weekly, '2026-05-31')).toBe('cy');
    expect(periodOf(weekly, '2026-06-10')).toEqual({ index: 1, from: '2026-06-08', until: '2026-06-14' });
  });

  it('turns every day when the period is a day, and a change of period changes the turns', () => {
    const daily = { ...weekly, period: 'day' as const };
    expect(['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04'].map((d) => who(daily, d))).toEqual([
      'ana',
      'ben',
      'cy',
      'ana',
    ]);
    expect(periodOf(daily, '2026-06-02')).toEqual({ index: 1, from: '2026-06-02', until: '2026-06-02' });
  });

  it('passes the days of someone away to the next person of the rotation who is not away', () => {
    const away = { ...weekly, away: [{ uid: 'ana', from: '2026-06-03', until: '2026-06-04' }] };
    expect(who(away, '2026-06-02')).toBe('ana');
    expect(who(away, '2026-06-03')).toBe('ben');
    expect(who(away, '2026-06-05')).toBe('ana');
    const twoAway = { ...away, away: [...away.away, { uid: 'ben', from: '2026-06-01', until: '2026-06-30' }] };
    expect(who(twoAway, '2026-06-03')).toBe('cy');
    expect(who(twoAway, '2026-06-10')).toBe('cy');
  });

  it('gives the day to a sitter whose dates cover it when every person of the rotation is away', () => {
    const allAway = {
      ...weekly,
      away: ['ana', 'ben', 'cy'].map((uid) => ({ uid, from: '2026-06-10', until: '2026-06-25' })),
    };
    expect(who(allAway, '2026-06-12')).toBe('sam');
    expect(who(allAway, '2026-06-20')).toBe('sam');
    // After the sitter's last day nobody covers: the turn stays with whose turn it is.
    expect(who(allAway, '2026-06-21')).toBe('cy');
  });

  it('keeps the turn with whose turn it is when everyone is away and no sitter covers', () => {
    const allAway = {
      ...weekly,
      away: ['ana', 'ben', 'cy'].map((uid) => ({ uid, from: '2026-06-01', until: '2026-06-30' })),
    };
    expect(who(allAway, '2026-06-09', [ana, ben, cy])).toBe('ben');
    // A sitter who is away does not cover either.
    const sitterAway = { ...allAway, away: [...allAway.away, { uid: 'sam', from: '2026-06-01', until: '2026-06-30' }] };
    expect(who(sitterAway, '2026-06-09')).toBe('ben');
  });

  it('skips someone removed from the household, or made a sitter, who is still in the stored rotation', () => {
    expect(who(weekly, '2026-06-08', [ana, cy])).toBe('cy');
    expect(who(weekly, '2026-06-08', [ana, { ...ben, role: 'sitter', until: '2026-07-01' }, cy])).toBe('cy');
    expect(who(weekly, '2026-06-08', [])).toBeNull();
  });

  it('lists the next 8 periods, this one first, each named by who is on duty on its first day', () => {
    const away = { ...weekly, away: [{ uid: 'ben', from: '2026-06-08', until: '2026-06-08' }] };
    const view = dutyView(away, people, '2026-06-03');
    expect(view.today).toEqual({ uid: 'ana', displayName: 'Ana' });
    expect(view.weeks).toHaveLength(8);
    expect(view.weeks[0]).toEqual({ from: '2026-06-01', until: '2026-06-07', uid: 'ana', displayName: 'Ana' });
    expect(view.weeks[1]).toEqual({ from: '2026-06-08', until: '2026-06-14', uid: 'cy', displayName: 'Cy' });
    expect(view.weeks.map((w) => w.uid).slice(2)).toEqual(['cy', 'ana', 'ben', 'cy', 'ana', 'ben']);
    expect(view.weeks[7]!.until).toBe('2026-07-26');
  });

  it('names who is next after someone: the following person of the rotation who is not away', () => {
    expect(nextOnDuty(weekly, people, 'ana', '2026-06-03')?.uid).toBe('ben');
    expect(nextOnDuty(weekly, people, 'cy', '2026-06-03')?.uid).toBe('ana');
    const benAway = { ...weekly, away: [{ uid: 'ben', from: '2026-06-01', until: '2026-06-05' }] };
    expect(nextOnDuty(benAway, people, 'ana', '2026-06-03')?.uid).toBe('cy');
    // A sitter covering is in no rotation; mode everyone names nobody; alone, nobody is next.
    expect(nextOnDuty(weekly, people, 'sam', '2026-06-03')).toBeNull();
    expect(nextOnDuty({ ...weekly, mode: 'everyone' }, people, 'ana', '2026-06-03')).toBeNull();
    expect(nextOnDuty({ ...weekly, rotation: ['ana'] }, people, 'ana', '2026-06-03')).toBeNull();
  });

  it('starts with everyone, weekly, the owner first and no sitter', () => {
    expect(defaultDuty([sam, cy, ben, ana], '2026-05-01')).toEqual({
      mode: 'everyone',
      rotation: ['ana', 'ben', 'cy'],
      period: 'week',
      startsOn: '2026-05-01',
      away: [],
    });
  });
});

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.path.join('.'));

describe('onDutyByJob', () => {
  const named = (uid: string) => ({ uid, displayName: uid[0]!.toUpperCase() + uid.slice(1) });
  it("names each job's own person: its day's turn, today's for an overdue one", () => {
    // Watering due in the first week (Ana's), fertilizing in the second (Ben's), misting overdue.
    const plant = {
      nextWateringDate: '2026-06-03',
      care: {
        fertilize: { frequency: 'Monthly', lastDate: null, nextDate: '2026-06-09', intervalDays: 30 },
        mist: { frequency: 'Weekly', lastDate: null, nextDate: '2026-05-20', intervalDays: 7 },
        prune: { frequency: null, lastDate: '2026-01-01', nextDate: null, intervalDays: null },
      },
    };
    expect(onDutyByJob(weekly, people, plant, '2026-06-02')).toEqual({
      water: named('ana'),
      fertilize: named('ben'),
      mist: named('ana'),
    });
    // A week on, the overdue misting is today's turn: Ben's.
    expect(onDutyByJob(weekly, people, plant, '2026-06-09').mist).toEqual(named('ben'));
  });
  it('names nobody in mode everyone, and has nothing for a plant without a next date', () => {
    const plant = { nextWateringDate: '2026-06-03' };
    expect(onDutyByJob({ ...weekly, mode: 'everyone' }, people, plant, '2026-06-02')).toEqual({ water: null });
    expect(onDutyByJob(weekly, people, {}, '2026-06-02')).toEqual({});
  });
});

describe('the rota inputs', () => {
  it('takes any of mode, rotation, period and startsOn, and refuses nothing at all', () => {
    expect(UpdateDutyInputSchema.parse({ mode: 'rotation' })).toEqual({ mode: 'rotation' });
    expect(fieldsOf(UpdateDutyInputSchema.safeParse({}))).toEqual(['mode']);
    // An unknown field is its own sentence, without "send at least one".
    expect(fieldsOf(UpdateDutyInputSchema.safeParse({ away: [] }))).toEqual(['']);
    expect(UpdateDutyInputSchema.safeParse({ away: [] }).error!.issues[0]!.message).toBe(
      'The rota takes only these fields: mode, rotation, period, startsOn.',
    );
    expect(fieldsOf(UpdateDutyInputSchema.safeParse({ mode: 'turns' }))).toEqual(['mode']);
    expect(fieldsOf(UpdateDutyInputSchema.safeParse({ rotation: [] }))).toEqual(['rotation']);
    expect(fieldsOf(UpdateDutyInputSchema.safeParse({ rotation: ['a', 'a'] }))).toEqual(['rotation']);
    expect(fieldsOf(UpdateDutyInputSchema.safeParse({ startsOn: '2026-02-30' }))).toEqual(['startsOn']);
    expect(fieldsOf(UpdateDutyInputSchema.safeParse({ period: 'month' }))).toEqual(['period']);
  });

  it('wants real away dates in order', () => {
    expect(AwayInputSchema.parse({ from: '2026-06-01', until: '2026-06-01' })).toEqual({
      from: '2026-06-01',
      until: '2026-06-01',
    });
    expect(fieldsOf(AwayInputSchema.safeParse({ from: '2026-06-02', until: '2026-06-01' }))).toEqual(['until']);
    expect(fieldsOf(AwayInputSchema.safeParse({ from: 'soon', until: '2026-06-01' }))).toEqual(['from']);
  });
});
