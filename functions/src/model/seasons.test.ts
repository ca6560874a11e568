import { describe, expect, it } from 'vitest';
import {
  equinox,
  followedWatering,
  hemisphereOf,
  nextSeasonChange,
  seasonalWateringDays,
  wateringSeasonOn,
} from './seasons';

describe('hemisphereOf', () => {
  it('reads the hemisphere from the time zone, north when it is unknown', () => {
    for (const zone of [
      'Australia/Sydney',
      'Pacific/Auckland',
      'America/Argentina/Cordoba',
      // What the platform resolves America/Argentina/Cordoba to, as the settings store it.
      Intl.DateTimeFormat('en', { timeZone: 'America/Argentina/Cordoba' }).resolvedOptions().timeZone,
      'America/Mendoza',
      'America/Sao_Paulo',
      'Africa/Johannesburg',
    ])
      expect(hemisphereOf(zone), zone).toBe('south');
    for (const zone of ['Europe/London', 'America/New_York', 'Asia/Tokyo', 'Africa/Lagos', 'UTC', undefined])
      expect(hemisphereOf(zone), String(zone)).toBe('north');
  });
});

describe('equinox', () => {
  // Published times (UTC) of the equinoxes, to the minute.
  it.each([
    [2000, 'march', '2000-03-20T07:35'],
    [2000, 'september', '2000-09-22T17:27'],
    [2024, 'march', '2024-03-20T03:06'],
    [2024, 'september', '2024-09-22T12:43'],
    [2026, 'march', '2026-03-20T14:45'],
    [2026, 'september', '2026-09-23T00:05'],
    [2028, 'march', '2028-03-20T02:17'],
    [2028, 'september', '2028-09-22T11:45'],
  ] as const)('finds the %s %s equinox within a minute', (year, month, published) => {
    const off = Math.abs(equinox(year, month).getTime() - new Date(`${published}:30Z`).getTime());
    expect(off).toBeLessThanOrEqual(60_000);
  });
});

describe('seasons', () => {
  it('has summer from the spring equinox to the autumn one, in each hemisphere', () => {
    // 2026: 20 March 14:46 and 23 September 00:05 UTC.
    expect(wateringSeasonOn('2026-03-19', 'north')).toBe('winter');
    expect(wateringSeasonOn('2026-03-20', 'north')).toBe('summer');
    expect(wateringSeasonOn('2026-09-22', 'north')).toBe('summer');
    expect(wateringSeasonOn('2026-09-23', 'north')).toBe('winter');
    expect(wateringSeasonOn('2026-12-31', 'north')).toBe('winter');
    expect(wateringSeasonOn('2026-03-19', 'south')).toBe('summer');
    expect(wateringSeasonOn('2026-03-20', 'south')).toBe('winter');
    expect(wateringSeasonOn('2026-09-23', 'south')).toBe('summer');
    expect(wateringSeasonOn('2026-01-15', 'south')).toBe('summer');
  });

  it("takes the equinox's day in the person's time zone", () => {
    // 23 September 2026 00:05 UTC is still the 22nd in New York, already the 23rd in Sydney.
    expect(wateringSeasonOn('2026-09-22', 'north', 'America/New_York')).toBe('winter');
    expect(wateringSeasonOn('2026-09-22', 'north', 'Europe/London')).toBe('summer');
    expect(wateringSeasonOn('2026-09-22', 'south', 'Australia/Sydney')).toBe('winter');
    expect(wateringSeasonOn('2026-09-23', 'south', 'Australia/Sydney')).toBe('summer');
  });

  it('finds the equinoxes of a leap year: 20 March and 22 September 2028', () => {
    expect(wateringSeasonOn('2028-02-29', 'north')).toBe('winter');
    expect(wateringSeasonOn('2028-03-20', 'north')).toBe('summer');
    expect(wateringSeasonOn('2028-09-21', 'north')).toBe('summer');
    expect(wateringSeasonOn('2028-09-22', 'north')).toBe('winter');
  });

  it('says when the season changes next, across the end of a year', () => {
    expect(nextSeasonChange('2026-07-01', 'north')).toEqual({ day: '2026-09-23', season: 'winter' });
    expect(nextSeasonChange('2026-09-23', 'north')).toEqual({ day: '2027-03-20', season: 'summer' });
    expect(nextSeasonChange('2026-07-01', 'south')).toEqual({ day: '2026-09-23', season: 'summer' });
    expect(nextSeasonChange('2026-12-31', 'south')).toEqual({ day: '2027-03-20', season: 'winter' });
    expect(nextSeasonChange('2026-09-21', 'north', 'America/Los_Angeles')).toEqual({
      day: '2026-09-22',
      season: 'winter',
    });
  });

  it("gives the species' interval of the season", () => {
    const watering = { summerDays: 7, winterDays: 14 };
    expect(seasonalWateringDays(watering, '2026-07-01', 'north')).toEqual({ season: 'summer', days: 7 });
    expect(seasonalWateringDays(watering, '2026-07-01', 'south')).toEqual({ season: 'winter', days: 14 });
    expect(seasonalWateringDays(watering, '2026-12-01', 'north')).toEqual({ season: 'winter', days: 14 });
  });

  it('follows a species: the season, when the next begins and its interval, in each hemisphere and at the equinox', () => {
    const watering = { summerDays: 7, winterDays: 14 };
    expect(followedWatering(watering, '2027-07-01', 'north')).toEqual({
      days: 7,
      season: { season: 'summer', changesOn: '2027-09-23', nextDays: 14 },
    });
    expect(followedWatering(watering, '2027-07-01', 'south')).toEqual({
      days: 14,
      season: { season: 'winter', changesOn: '2027-09-23', nextDays: 7 },
    });
    // On the day of the autumn equinox winter has begun; the next change is spring's.
    expect(followedWatering(watering, '2027-09-23', 'north')).toEqual({
      days: 14,
      season: { season: 'winter', changesOn: '2028-03-20', nextDays: 7 },
    });
    expect(followedWatering(watering, '2027-09-22', 'north').season.changesOn).toBe('2027-09-23');
  });
});
