import { describe, expect, it, vi } from 'vitest';
import { formatLocaleDate, formatLongDate, formatMediumDate, formatMoment, relativeTime } from './dates';

/**
 * Time zones west and east of UTC, where a local-time formatter would put a plant's calendar date
 * on the day before (midnight UTC is still the previous evening in Los Angeles) or keep it.
 */
const ZONES = [
  { zone: 'America/Los_Angeles', offsetSign: 1 },
  { zone: 'Pacific/Kiritimati', offsetSign: -1 },
];

/** Runs the checks with the process in each zone; the offset check proves the zone is in force. */
function inEveryZone(checks: () => void) {
  const saved = process.env.TZ;
  try {
    for (const { zone, offsetSign } of ZONES) {
      process.env.TZ = zone;
      expect(Math.sign(new Date('2026-03-04T00:00:00Z').getTimezoneOffset()), zone).toBe(offsetSign);
      checks();
    }
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  }
}

describe('plant dates', () => {
  it('writes calendar dates in long format on the same day, wherever the reader is', () => {
    inEveryZone(() => {
      expect(formatLongDate('2026-03-04')).toBe('March 4, 2026');
      expect(formatLongDate('2024-02-29')).toBe('February 29, 2024');
      expect(formatLongDate('2025-12-31')).toBe('December 31, 2025');
      expect(formatLongDate('2026-03-04', 'de-DE')).toBe('4. März 2026');
    });
  });

  it("writes the reader's short locale format, on the same day wherever the reader is", () => {
    inEveryZone(() => {
      expect(formatLocaleDate('2026-03-04', 'en-US')).toBe('3/4/2026');
      expect(formatLocaleDate('2026-03-04', 'en-GB')).toBe('04/03/2026');
      expect(formatLocaleDate('2026-03-04', 'de-DE')).toBe('4.3.2026');
    });
  });

  it("says 'Not set' for a missing or unreadable date", () => {
    for (const value of [undefined, null, '', '  ', 'soon', '2023-02-29']) {
      expect(formatLongDate(value)).toBe('Not set');
      expect(formatLocaleDate(value)).toBe('Not set');
    }
  });
});

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

describe('formatMediumDate', () => {
  it('shows the stored day itself, whatever the time zone', () => {
    inEveryZone(() => {
      expect(formatMediumDate('2026-03-03')).toBe('Mar 3, 2026');
      expect(formatMediumDate('2024-02-29')).toBe('Feb 29, 2024');
      expect(formatMediumDate('2026-03-03', 'en-GB')).toBe('3 Mar 2026');
    });
  });

  it("says 'Not set' without a real date", () => {
    expect(formatMediumDate(undefined)).toBe('Not set');
    expect(formatMediumDate('')).toBe('Not set');
    expect(formatMediumDate('2023-02-29')).toBe('Not set');
  });
});

describe("the reader's locale", () => {
  it('decides every date format (US English in these tests, and any other when named)', () => {
    expect(formatLongDate('2026-03-04', 'de-DE')).toBe('4. März 2026');
    expect(formatMediumDate('2026-03-04', 'fr-FR')).toBe('4 mars 2026');
    expect(formatLocaleDate('2026-03-04', 'ja-JP')).toBe('2026/3/4');
    expect(formatMoment('2026-03-04T12:00:00Z')).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
        Date.parse('2026-03-04T12:00:00Z'),
      ),
    );
  });

  it('builds each formatter once, on first use, and keeps it', async () => {
    vi.resetModules();
    const Real = Intl.DateTimeFormat;
    const build = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Real>
    ) {
      return new Real(...args);
    } as never);
    try {
      const dates = await import('./dates');
      expect(build).not.toHaveBeenCalled();
      for (const day of ['2026-03-04', '2026-03-05', '2026-12-31']) {
        dates.formatLongDate(day);
        dates.formatMediumDate(day);
        dates.formatLocaleDate(day);
      }
      expect(build).toHaveBeenCalledTimes(3);
      expect(build.mock.calls.every(([locale]) => locale === undefined)).toBe(true);
    } finally {
      build.mockRestore();
    }
  });
});
