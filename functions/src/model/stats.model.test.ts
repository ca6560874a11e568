import { describe, expect, it } from 'vitest';
import { statFigure, trendLabel, weekTrend } from './stats.model';

describe('weekTrend', () => {
  it('is the rounded change in percent of last week', () => {
    expect(weekTrend(12, 10)).toEqual({ direction: 'up', percent: 20 });
    expect(weekTrend(8, 10)).toEqual({ direction: 'down', percent: 20 });
    expect(weekTrend(3, 2)).toEqual({ direction: 'up', percent: 50 });
    expect(weekTrend(2, 3)).toEqual({ direction: 'down', percent: 33 });
    expect(weekTrend(5, 3)).toEqual({ direction: 'up', percent: 67 });
    expect(weekTrend(30, 10)).toEqual({ direction: 'up', percent: 200 });
  });

  it('rounds halves away from zero in both directions', () => {
    expect(weekTrend(201, 200)).toEqual({ direction: 'up', percent: 1 });
    expect(weekTrend(1005, 1000)).toEqual({ direction: 'up', percent: 1 });
    expect(weekTrend(995, 1000)).toEqual({ direction: 'down', percent: 1 });
    expect(weekTrend(17, 8)).toEqual({ direction: 'up', percent: 113 });
  });

  it('never shows a real change as 0%', () => {
    expect(weekTrend(1001, 1000)).toEqual({ direction: 'up', percent: 1 });
    expect(weekTrend(999, 1000)).toEqual({ direction: 'down', percent: 1 });
  });

  it('is flat when nothing changed, including two empty weeks', () => {
    expect(weekTrend(7, 7)).toEqual({ direction: 'flat', percent: 0 });
    expect(weekTrend(0, 0)).toEqual({ direction: 'flat', percent: 0 });
  });

  it('shows growth from an empty week as +100%, and an emptied week as -100%', () => {
    expect(weekTrend(1, 0)).toEqual({ direction: 'up', percent: 100 });
    expect(weekTrend(40, 0)).toEqual({ direction: 'up', percent: 100 });
    expect(weekTrend(0, 4)).toEqual({ direction: 'down', percent: 100 });
  });

  it('treats a negative previous value (inconsistent history) like an empty week', () => {
    expect(weekTrend(3, -1)).toEqual({ direction: 'up', percent: 100 });
    expect(weekTrend(0, -1)).toEqual({ direction: 'flat', percent: 0 });
  });
});

describe('trendLabel', () => {
  it("reads '+N% from last week', '-N% from last week' or 'No change from last week'", () => {
    expect(trendLabel(weekTrend(12, 10))).toBe('+20% from last week');
    expect(trendLabel(weekTrend(8, 10))).toBe('-20% from last week');
    expect(trendLabel(weekTrend(10, 10))).toBe('No change from last week');
    expect(trendLabel(weekTrend(1, 0))).toBe('+100% from last week');
    expect(trendLabel(weekTrend(0, 0))).toBe('No change from last week');
  });
});

describe('statFigure', () => {
  it('keeps both values beside the trend', () => {
    expect(statFigure(6, 4)).toEqual({ value: 6, previous: 4, trend: { direction: 'up', percent: 50 } });
  });
});
