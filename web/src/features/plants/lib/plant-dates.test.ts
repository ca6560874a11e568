import { describe, expect, it } from 'vitest';
import { formatLocaleDate, formatLongDate } from './plant-dates';

describe('plant dates', () => {
  it('writes calendar dates in long format on the same day, wherever the reader is', () => {
    expect(formatLongDate('2026-03-04')).toBe('March 4, 2026');
    expect(formatLongDate('2024-02-29')).toBe('February 29, 2024');
    expect(formatLongDate('2025-12-31')).toBe('December 31, 2025');
  });

  it("writes the reader's short locale format", () => {
    expect(formatLocaleDate('2026-03-04', 'en-US')).toBe('3/4/2026');
    expect(formatLocaleDate('2026-03-04', 'en-GB')).toBe('04/03/2026');
    expect(formatLocaleDate('2026-03-04', 'de-DE')).toBe('4.3.2026');
  });

  it("says 'Not set' for a missing or unreadable date", () => {
    for (const value of [undefined, null, '', '  ', 'soon', '2023-02-29']) {
      expect(formatLongDate(value)).toBe('Not set');
      expect(formatLocaleDate(value)).toBe('Not set');
    }
  });
});
