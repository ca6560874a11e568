import { describe, expect, it } from 'vitest';
import {
  PushEndpointInputSchema,
  PushSubscriptionInputSchema,
  UpdateReminderSettingsInputSchema,
  ZONE_FORMATS_MAX,
  canonicalTimeZone,
  inQuietHours,
  isTimeZone,
  keptZoneFormats,
  lruCache,
  localDate,
  localTime,
  nextDigestAt,
  quietHoursEnd,
  zonedInstant,
} from './reminders';

const iso = (date: Date) => date.toISOString();

describe('zonedInstant', () => {
  it('is 08:00 local on both sides of a change of clocks (Berlin: UTC+1 in winter, UTC+2 in summer)', () => {
    expect(iso(zonedInstant('2026-03-28', '08:00', 'Europe/Berlin'))).toBe('2026-03-28T07:00:00.000Z');
    expect(iso(zonedInstant('2026-03-29', '08:00', 'Europe/Berlin'))).toBe('2026-03-29T06:00:00.000Z');
    expect(iso(zonedInstant('2026-10-24', '08:00', 'Europe/Berlin'))).toBe('2026-10-24T06:00:00.000Z');
    expect(iso(zonedInstant('2026-10-25', '08:00', 'Europe/Berlin'))).toBe('2026-10-25T07:00:00.000Z');
  });

  it('reads west and east of UTC, and across the date line', () => {
    expect(iso(zonedInstant('2026-06-01', '07:30', 'America/Los_Angeles'))).toBe('2026-06-01T14:30:00.000Z');
    expect(iso(zonedInstant('2026-06-01', '07:30', 'Asia/Tokyo'))).toBe('2026-05-31T22:30:00.000Z');
    expect(iso(zonedInstant('2026-06-01', '07:30', 'Asia/Kolkata'))).toBe('2026-06-01T02:00:00.000Z');
    expect(iso(zonedInstant('2026-06-01', '07:30', 'Pacific/Kiritimati'))).toBe('2026-05-31T17:30:00.000Z');
    expect(iso(zonedInstant('2026-06-01', '00:00', 'UTC'))).toBe('2026-06-01T00:00:00.000Z');
  });

  it('takes the first of a time that happens twice, and a skipped time as far past the skip', () => {
    // Berlin goes back at 03:00 CEST to 02:00 CET on 25 October 2026: 02:30 happens twice.
    expect(iso(zonedInstant('2026-10-25', '02:30', 'Europe/Berlin'))).toBe('2026-10-25T00:30:00.000Z');
    // ...and skips 02:00-03:00 on 29 March 2026: 02:30 is read as 03:30 CEST.
    expect(iso(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin'))).toBe('2026-03-29T01:30:00.000Z');
    expect(localTime(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin'), 'Europe/Berlin')).toBe('03:30');
    // New York skips 02:00-03:00 on 8 March 2026.
    expect(iso(zonedInstant('2026-03-08', '02:15', 'America/New_York'))).toBe('2026-03-08T07:15:00.000Z');
  });
});

describe('localDate and localTime', () => {
  it('give the wall clock of the zone, whatever the UTC day', () => {
    const instant = new Date('2026-06-01T23:30:00Z');
    expect([localDate(instant, 'Asia/Tokyo'), localTime(instant, 'Asia/Tokyo')]).toEqual(['2026-06-02', '08:30']);
    expect([localDate(instant, 'America/Los_Angeles'), localTime(instant, 'America/Los_Angeles')]).toEqual([
      '2026-06-01',
      '16:30',
    ]);
    expect(localDate(new Date('2024-02-29T12:00:00Z'), 'UTC')).toBe('2024-02-29');
  });
});

describe('nextDigestAt', () => {
  it("is today's time while its minute has not passed, else tomorrow's", () => {
    const next = (now: string) => iso(nextDigestAt(new Date(now), '08:00', 'Europe/Berlin'));
    expect(next('2026-06-01T05:00:00Z')).toBe('2026-06-01T06:00:00.000Z');
    expect(next('2026-06-01T06:00:00Z')).toBe('2026-06-01T06:00:00.000Z');
    expect(next('2026-06-01T06:00:59Z')).toBe('2026-06-01T06:00:00.000Z');
    expect(next('2026-06-01T06:01:00Z')).toBe('2026-06-02T06:00:00.000Z');
  });

  it('never on a day that already had its digest', () => {
    expect(iso(nextDigestAt(new Date('2026-06-01T05:00:00Z'), '20:00', 'Europe/Berlin', '2026-06-01'))).toBe(
      '2026-06-02T18:00:00.000Z',
    );
  });

  it('follows the change of clocks: 08:00 in Berlin the day after the spring change is an hour earlier in UTC', () => {
    expect(iso(nextDigestAt(new Date('2026-03-28T07:00:00Z'), '08:00', 'Europe/Berlin', '2026-03-28'))).toBe(
      '2026-03-29T06:00:00.000Z',
    );
  });
});

describe('inQuietHours', () => {
  it('holds from `from` up to `to`, across midnight when `to` is earlier', () => {
    const night = { from: '22:00', to: '07:00' };
    expect(['21:59', '22:00', '23:30', '00:00', '06:59', '07:00'].map((t) => inQuietHours(t, night))).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
    const lunch = { from: '12:00', to: '13:30' };
    expect(['11:59', '12:00', '13:29', '13:30'].map((t) => inQuietHours(t, lunch))).toEqual([false, true, true, false]);
    expect(inQuietHours('03:00', null)).toBe(false);
  });
});

describe('isTimeZone', () => {
  it('takes IANA names and nothing else', () => {
    expect(['UTC', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'].every(isTimeZone)).toBe(true);
    expect(['Mars/Olympus', '+02:00', 'CEST', '', 'Europe/Berlin; drop', 'x'.repeat(80)].some(isTimeZone)).toBe(false);
  });
});

describe('canonicalTimeZone', () => {
  it('names a zone typed in any case as Intl resolves it, and refuses what is not a zone', () => {
    expect(canonicalTimeZone('europe/BERLIN')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('australia/sydney')).toBe('Australia/Sydney');
    expect(canonicalTimeZone('AMERICA/NEW_YORK')).toBe('America/New_York');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    for (const name of ['Mars/Olympus', '+02:00', 'CEST', '', 'europe/berlin; drop'])
      expect(canonicalTimeZone(name)).toBeNull();
  });

  it('reads the wall clock the same whichever way the zone is written', () => {
    const instant = new Date('2026-06-01T23:30:00Z');
    expect([localDate(instant, 'asia/TOKYO'), localTime(instant, 'asia/TOKYO')]).toEqual(['2026-06-02', '08:30']);
    expect(iso(zonedInstant('2026-03-29', '08:00', 'EUROPE/berlin'))).toBe('2026-03-29T06:00:00.000Z');
  });
});

describe('the kept wall-clock formatters', () => {
  /** `name` with its letters in upper or lower case by the bits of `n`: 2^12 spellings of europe/berlin, the first 1,024 here. */
  const spelling = (name: string, n: number) =>
    [...name].map((char, i) => ((n >> i) & 1 ? char.toUpperCase() : char.toLowerCase())).join('');

  it('keep one per canonical zone: thousands of spellings of one zone add none', () => {
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    const before = keptZoneFormats();
    for (let n = 0; n < 1024; n += 1) {
      const name = spelling('europe/berlin', n);
      expect(canonicalTimeZone(name)).toBe('Europe/Berlin');
      localDate(new Date('2026-06-01T12:00:00Z'), name);
    }
    expect(keptZoneFormats()).toBe(before);
  });

  it(`are at most ${ZONE_FORMATS_MAX}, more than the zones a person can live in`, () => {
    const zones = Intl.supportedValuesOf('timeZone');
    for (const zone of zones) localDate(new Date('2026-06-01T12:00:00Z'), zone);
    expect(zones.length).toBeLessThan(ZONE_FORMATS_MAX);
    expect(keptZoneFormats()).toBeGreaterThanOrEqual(zones.length);
    expect(keptZoneFormats()).toBeLessThanOrEqual(ZONE_FORMATS_MAX);
  });
});

describe('lruCache', () => {
  it('keeps at most its size, letting the least recently used go first', () => {
    const cache = lruCache<string, number>(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1);
    cache.set('d', 4);
    expect(cache.size).toBe(3);
    expect(['a', 'b', 'c', 'd'].map((key) => cache.has(key))).toEqual([true, false, true, true]);
    for (let n = 0; n < 1000; n += 1) cache.set(`k${n}`, n);
    expect(cache.size).toBe(3);
    expect(cache.get('k999')).toBe(999);
  });
});

describe('quietHoursEnd', () => {
  it('is the end of the quiet hours the time is in, the next morning for quiet hours across midnight', () => {
    // Berlin in summer is UTC+2: 22:00 local is 20:00 UTC; quiet until 07:00 the next morning.
    expect(iso(quietHoursEnd(new Date('2027-09-06T20:00:00Z'), { from: '22:00', to: '07:00' }, 'Europe/Berlin'))).toBe(
      '2027-09-07T05:00:00.000Z',
    );
    // After midnight, the same local day's 07:00.
    expect(iso(quietHoursEnd(new Date('2027-09-06T23:30:00Z'), { from: '22:00', to: '07:00' }, 'Europe/Berlin'))).toBe(
      '2027-09-07T05:00:00.000Z',
    );
    // Quiet hours within a day end the same day.
    expect(iso(quietHoursEnd(new Date('2027-09-06T13:00:00Z'), { from: '13:00', to: '14:00' }, 'UTC'))).toBe(
      '2027-09-06T14:00:00.000Z',
    );
  });
});

describe('the reminder inputs', () => {
  it('refuse an empty change, an unknown zone, a time that is not HH:MM and quiet hours of no length', () => {
    const fails = (input: unknown) => !UpdateReminderSettingsInputSchema.safeParse(input).success;
    expect(fails({})).toBe(true);
    expect(fails({ timeZone: 'Mars/Olympus' })).toBe(true);
    expect(fails({ time: '8:00' })).toBe(true);
    expect(fails({ time: '24:00' })).toBe(true);
    expect(fails({ quietHours: { from: '22:00', to: '22:00' } })).toBe(true);
    expect(fails({ channels: { email: 'yes' } })).toBe(true);
    expect(fails({ time: '08:00', extra: 1 })).toBe(true);
    expect(fails({ quietHours: null })).toBe(false);
    expect(fails({ channels: { push: true } })).toBe(false);
  });

  it('say in each refusal what they describe, and never "plant"', () => {
    const messages =
      (schema: { safeParse: (input: unknown) => { error?: { issues: { message: string }[] } } }) => (input: unknown) =>
        schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    const settings = messages(UpdateReminderSettingsInputSchema);
    const subscription = messages(PushSubscriptionInputSchema);
    const endpoint = messages(PushEndpointInputSchema);
    const refusals = [
      settings({}),
      settings({ email: 'someone@else.test' }),
      settings({ timeZone: 42 }),
      settings({ time: 8 }),
      settings({ channels: 'both' }),
      settings({ channels: { push: 'yes' } }),
      settings({ channels: { sms: true } }),
      settings({ quietHours: 'night' }),
      settings({ quietHours: { from: '22:00', to: '07:00', on: true } }),
      subscription({}),
      subscription({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: 'none' }),
      subscription({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: {} }),
      subscription({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: {}, expirationTime: 'soon' }),
      endpoint({}),
      endpoint({ endpoint: '' }),
      endpoint({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: {} }),
    ];
    for (const refusal of refusals) {
      expect(refusal.length).toBeGreaterThan(0);
      for (const message of refusal) {
        expect(message).not.toMatch(/plant/i);
        expect(message).not.toMatch(/^Invalid input|^Unrecognized key|^Too small/);
      }
    }
    expect(settings({ email: 'someone@else.test' })).toContain(
      'The reminder settings take only timeZone, hemisphere, time, channels, quietHours and language.',
    );
    expect(subscription({})[0]).toMatch(/^endpoint must be the push subscription's address/);
    expect(endpoint({ endpoint: 'x', keys: {} })).toEqual(['The push subscription to forget takes only its endpoint.']);
  });

  it("take a browser's subscription and refuse keys of the wrong size", () => {
    const p256dh = `B${'A'.repeat(86)}`;
    const auth = 'A'.repeat(22);
    const ok = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', expirationTime: null, keys: { p256dh, auth } };
    expect(PushSubscriptionInputSchema.safeParse(ok).success).toBe(true);
    expect(PushSubscriptionInputSchema.safeParse({ ...ok, keys: { p256dh, auth: 'AAAA' } }).success).toBe(false);
    expect(PushSubscriptionInputSchema.safeParse({ ...ok, keys: { p256dh: 'BAAA', auth } }).success).toBe(false);
  });
});
