import { frequencyHint, nextDateAfterChange, suggestedNextDate } from './next-date-suggestion';

describe('frequencyHint', () => {
  it('says nothing while the frequency is blank', () => {
    expect(frequencyHint('')).toBeNull();
    expect(frequencyHint('   ')).toBeNull();
    expect(frequencyHint(undefined)).toBeNull();
  });
  it('names the interval it understood', () => {
    expect(frequencyHint('every three days')).toEqual({ understood: true, text: 'Every 3 days' });
    expect(frequencyHint('Fortnightly')).toEqual({ understood: true, text: 'Every 2 weeks' });
    expect(frequencyHint('daily')).toEqual({ understood: true, text: 'Every day' });
  });
  it('says when it did not understand', () => {
    expect(frequencyHint('when dry')).toMatchObject({
      understood: false,
      text: expect.stringMatching(/^Not understood/),
    });
  });
});

describe('suggestedNextDate', () => {
  it('adds the interval to the last watering, across month ends and leap days', () => {
    expect(suggestedNextDate('Every 3 days', '2026-01-30')).toBe('2026-02-02');
    expect(suggestedNextDate('weekly', '2028-02-25')).toBe('2028-03-03');
  });
  it('suggests nothing without an understood frequency or a real last date', () => {
    expect(suggestedNextDate('when dry', '2026-01-30')).toBeUndefined();
    expect(suggestedNextDate('weekly', '')).toBeUndefined();
    expect(suggestedNextDate('weekly', '2026-02-30')).toBeUndefined();
    expect(suggestedNextDate('', '2026-01-30')).toBeUndefined();
  });
});

describe('nextDateAfterChange', () => {
  it('fills a blank field', () => {
    expect(nextDateAfterChange('', '2026-03-04', { applied: undefined })).toBe('2026-03-04');
  });
  it('follows a date the form filled in itself', () => {
    expect(nextDateAfterChange('2026-03-04', '2026-03-08', { applied: '2026-03-04' })).toBe('2026-03-08');
  });
  it('never overwrites a date set by hand', () => {
    expect(nextDateAfterChange('2026-03-20', '2026-03-08', { applied: '2026-03-04' })).toBeUndefined();
    expect(nextDateAfterChange('2026-03-20', '2026-03-08', { applied: undefined })).toBeUndefined();
  });
  it('leaves the field alone without a suggestion, or when it already holds it', () => {
    expect(nextDateAfterChange('2026-03-04', undefined, { applied: '2026-03-04' })).toBeUndefined();
    expect(nextDateAfterChange('', undefined, { applied: undefined })).toBeUndefined();
    expect(nextDateAfterChange('2026-03-08', '2026-03-08', { applied: undefined })).toBeUndefined();
  });
});
