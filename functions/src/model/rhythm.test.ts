import { describe, expect, it } from 'vitest';
import {
  forgetDay,
  keptUntil,
  learnedInterval,
  rememberChecked,
  rememberDone,
  rememberKept,
  rhythmAfterEvent,
  suggestionOf,
  type RhythmInput,
} from './rhythm';
import { addDays } from './schedule';
import { wateringSeasonOn } from './seasons';

/** Done days `gaps` apart, the last one `lastAgo` days before today. */
function doneEvery(gaps: number[], today: string, lastAgo = 0): string[] {
  const days = [addDays(today, -lastAgo)];
  for (const gap of [...gaps].reverse()) days.unshift(addDays(days[0]!, -gap));
  return days;
}

const TODAY = '2026-07-20';
const input = (over: Partial<RhythmInput>): RhythmInput => ({
  job: 'water',
  everyDays: 7,
  done: [],
  checked: [],
  today: TODAY,
  ...over,
});

describe('learnedInterval', () => {
  it('offers the interval people keep when it differs from the schedule by a quarter or more', () => {
    expect(learnedInterval(input({ done: doneEvery([10, 10, 9, 11, 10], TODAY) }))).toEqual({
      task: 'water',
      everyDays: 10,
      basis: 'watered every 10 days on average, not every 7',
    });
    expect(
      learnedInterval(input({ job: 'fertilize', everyDays: 30, done: doneEvery([20, 21, 19], TODAY, 3) })),
    ).toEqual({ task: 'fertilize', everyDays: 20, basis: 'fertilized every 20 days on average, not every 30' });
  });

  it('offers nothing within a quarter of the schedule', () => {
    expect(learnedInterval(input({ done: doneEvery([8, 8, 8, 8, 8], TODAY) }))).toBeNull();
    expect(learnedInterval(input({ done: doneEvery([6, 6, 6], TODAY) }))).toBeNull();
  });

  it('learns nothing from fewer than four jobs, or from check-ins alone', () => {
    expect(learnedInterval(input({ done: doneEvery([12, 12], TODAY) }))).toBeNull();
    expect(learnedInterval(input({ checked: ['2026-07-01', '2026-07-08', '2026-07-15', '2026-07-19'] }))).toBeNull();
    // The same day twice is one job.
    expect(learnedInterval(input({ done: [...doneEvery([12, 12], TODAY), TODAY] }))).toBeNull();
  });

  it('reads only the last six jobs', () => {
    const old = doneEvery([3, 3, 3, 3], '2026-05-01');
    expect(learnedInterval(input({ done: [...old, ...doneEvery([11, 11, 11, 11, 11], TODAY)] }))?.everyDays).toBe(11);
  });

  it('calls irregular gaps no rhythm', () => {
    expect(learnedInterval(input({ done: doneEvery([3, 15, 4, 20, 5], TODAY) }))).toBeNull();
  });

  it('lengthens the rhythm by check-ins since the last job that found it too early', () => {
    const done = doneEvery([8, 8, 8], TODAY, 14);
    expect(learnedInterval(input({ done }))).toBeNull();
    // Still moist 14 days after the last watering: the gaps are 8, 8, 8 and at least 14.
    expect(learnedInterval(input({ done, checked: [addDays(TODAY, -4), TODAY] }))).toEqual({
      task: 'water',
      everyDays: 10,
      basis: 'watered every 10 days on average, not every 7',
    });
    // A check-in before the last job changed nothing it did not show already.
    expect(learnedInterval(input({ done, checked: [addDays(TODAY, -20)] }))).toBeNull();
  });

  it('does not ask again for 60 days after "Keep"', () => {
    const done = doneEvery([10, 10, 10, 10], TODAY);
    expect(learnedInterval(input({ done, keptUntil: keptUntil('2026-07-01') }))).toBeNull();
    expect(keptUntil('2026-07-01')).toBe('2026-08-30');
    expect(learnedInterval(input({ done, today: '2026-08-30', keptUntil: '2026-08-30' }))?.everyDays).toBe(10);
  });

  it('counts gaps within the season of today only, when the schedule follows the seasons', () => {
    const seasonOf = (day: string) => wateringSeasonOn(day, 'north');
    // Four winter waterings 14 days apart, then summer ones every 10 days: in summer the winter gaps do not count.
    const winter = doneEvery([14, 14, 14], '2026-03-10');
    const summer = doneEvery([10, 10], '2026-04-20');
    const today = '2026-04-21';
    // Without seasons, winter's long gaps make a rhythm of 14 days; with them, two summer gaps are too few.
    expect(learnedInterval(input({ done: [...winter, ...summer], today }))?.everyDays).toBe(14);
    expect(learnedInterval(input({ done: [...winter, ...summer], today, seasonOf }))).toBeNull();
    const more = doneEvery([10, 10, 10], '2026-05-10');
    expect(learnedInterval(input({ done: [...winter, ...more], today: '2026-05-11', seasonOf }))?.everyDays).toBe(10);
  });

  it('counts days across a leap day', () => {
    const done = ['2028-02-09', '2028-02-19', '2028-02-29', '2028-03-10'];
    expect(learnedInterval(input({ done, today: '2028-03-11' }))?.everyDays).toBe(10);
  });
});

describe('what a plant remembers of its rhythm', () => {
  it('keeps the last six jobs done and the check-ins since the latest', () => {
    let rhythm = rememberChecked(undefined, '2026-07-01');
    for (const day of [
      '2026-07-02',
      '2026-07-09',
      '2026-07-16',
      '2026-07-23',
      '2026-07-30',
      '2026-08-06',
      '2026-08-13',
    ])
      rhythm = rememberDone(rhythm, day);
    rhythm = rememberChecked(rhythm, '2026-08-20');
    expect(rhythm).toEqual({
      done: ['2026-07-09', '2026-07-16', '2026-07-23', '2026-07-30', '2026-08-06', '2026-08-13'],
      checked: ['2026-08-20'],
    });
    expect(rememberDone(rhythm, '2026-08-22').checked).toEqual([]);
  });

  it('forgets an undone job or check-in, once', () => {
    const rhythm = { done: ['2026-07-02', '2026-07-09', '2026-07-09'], checked: ['2026-07-12'] };
    expect(forgetDay(rhythm, 'done', '2026-07-09')).toEqual({
      done: ['2026-07-02', '2026-07-09'],
      checked: ['2026-07-12'],
    });
    expect(forgetDay(rhythm, 'checked', '2026-07-12')).toEqual({ ...rhythm, checked: [] });
    expect(forgetDay(undefined, 'done', '2026-07-09')).toBeUndefined();
  });

  it('keeps a "Keep" answer through later jobs, for 60 days', () => {
    const kept = rememberKept({ done: doneEvery([10, 10, 10, 10], TODAY), checked: [] }, TODAY);
    expect(kept.keptUntil).toBe('2026-09-18');
    expect(rememberDone(kept, '2026-07-30').keptUntil).toBe('2026-09-18');
    expect(suggestionOf({ water: kept }, () => 7, TODAY)).toBeNull();
    expect(suggestionOf({ water: kept }, () => 7, '2026-09-18')).toMatchObject({ task: 'water', everyDays: 10 });
  });

  it('suggests for the first job whose rhythm differs from its interval, and none untracked', () => {
    const tenDays = { done: doneEvery([10, 10, 10, 10], TODAY), checked: [] };
    const interval = (job: string) => (job === 'water' ? 10 : job === 'mist' ? 4 : null);
    expect(suggestionOf({ water: tenDays, mist: tenDays, fertilize: tenDays }, interval, TODAY)).toMatchObject({
      task: 'mist',
      everyDays: 10,
    });
    expect(suggestionOf({ fertilize: tenDays }, interval, TODAY)).toBeNull();
    expect(suggestionOf(undefined, interval, TODAY)).toBeNull();
  });

  it('learns a watering that follows the seasons from the gaps of this season only (the same halves of the year in both hemispheres)', () => {
    // Every ten days or so through summer, then once across the equinox of 23 September 2026.
    const summer = ['2026-08-24', '2026-09-03', '2026-09-13', '2026-09-22'];
    const rhythms = { water: { done: [...summer, '2026-10-02'], checked: [] } };
    expect(suggestionOf({ water: { done: summer, checked: [] } }, () => 7, '2026-09-22', true)).toMatchObject({
      everyDays: 10,
    });
    // After the equinox: every gap spans it or lies in summer, so nothing is learned for winter yet...
    expect(suggestionOf(rhythms, () => 7, '2026-10-03', true)).toBeNull();
    // ...while a schedule that does not follow the seasons counts them all.
    expect(suggestionOf(rhythms, () => 7, '2026-10-03')).toMatchObject({ everyDays: 10 });
  });

  it('reads the journal: a job done and a check-in are remembered, undone they are forgotten, anything else tells nothing', () => {
    const watered = rhythmAfterEvent({}, { type: 'watered', date: '2026-07-01' });
    expect(watered).toEqual({ water: { done: ['2026-07-01'], checked: [] } });
    const checked = rhythmAfterEvent(watered!, { type: 'checked', task: 'water', date: '2026-07-05' });
    expect(checked!.water).toEqual({ done: ['2026-07-01'], checked: ['2026-07-05'] });
    expect(
      rhythmAfterEvent(checked!, { type: 'fertilized', task: 'fertilize', date: '2026-07-06' })!.fertilize,
    ).toEqual({
      done: ['2026-07-06'],
      checked: [],
    });
    expect(rhythmAfterEvent(checked!, { type: 'checked', task: 'water', date: '2026-07-05' }, true)!.water).toEqual({
      done: ['2026-07-01'],
      checked: [],
    });
    for (const event of [
      { type: 'snoozed', task: 'water', date: '2026-07-05' },
      { type: 'note', date: '2026-07-05' },
      { type: 'watered' },
    ])
      expect(rhythmAfterEvent(checked!, event)).toBeNull();
    expect(rhythmAfterEvent({}, { type: 'watered', date: '2026-07-01' }, true)).toBeNull();
  });
});
