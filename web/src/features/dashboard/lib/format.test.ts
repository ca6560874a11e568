import { formatCalendarDate, relativeTime } from './format';

const NOW = new Date('2026-05-20T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('says "just now" for the last minute', () => {
    expect(relativeTime(ago(0), NOW)).toBe('just now');
    expect(relativeTime(ago(59), NOW)).toBe('just now');
  });

  it('uses the largest whole unit', () => {
    expect(relativeTime(ago(60), NOW)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60 + 40), NOW)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), NOW)).toBe('3 hours ago');
    expect(relativeTime(ago(24 * 3600), NOW)).toBe('yesterday');
    expect(relativeTime(ago(3 * 24 * 3600), NOW)).toBe('3 days ago');
    expect(relativeTime(ago(15 * 24 * 3600), NOW)).toBe('2 weeks ago');
    expect(relativeTime(ago(65 * 24 * 3600), NOW)).toBe('2 months ago');
    expect(relativeTime(ago(800 * 24 * 3600), NOW)).toBe('2 years ago');
  });

  it('handles a clock slightly behind the server', () => {
    expect(relativeTime(ago(-20), NOW)).toBe('just now');
    expect(relativeTime(ago(-7200), NOW)).toBe('in 2 hours');
  });

  it('says nothing for a time it cannot read', () => {
    expect(relativeTime('not a time', NOW)).toBe('');
  });
});

describe('formatCalendarDate', () => {
  it('shows the stored day itself, whatever the time zone', () => {
    expect(formatCalendarDate('2026-03-03')).toBe('Mar 3, 2026');
    expect(formatCalendarDate('2024-02-29')).toBe('Feb 29, 2024');
  });

  it("says 'Not set' without a real date", () => {
    expect(formatCalendarDate(undefined)).toBe('Not set');
    expect(formatCalendarDate('')).toBe('Not set');
    expect(formatCalendarDate('2023-02-29')).toBe('Not set');
  });
});
