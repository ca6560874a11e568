import { describe, expect, it } from 'vitest';
import { hemisphereOf, seasonalWateringDays, wateringSeasonOn } from './seasons';

describe('hemisphereOf', () => {
  it('reads the hemisphere from the time zone, north when it is unknown', () => {
    for (const zone of [
      'Australia/Sydney',
      'Pacific/Auckland',
      'America/Argentina/Cordoba',
      'America/Sao_Paulo',
      'Africa/Johannesburg',
    ])
      expect(hemisphereOf(zone), zone).toBe('south');
    for (const zone of ['Europe/London', 'America/New_York', 'Asia/Tokyo', 'Africa/Lagos', 'UTC', undefined])
      expect(hemisphereOf(zone), String(zone)).toBe('north');
  });
});

describe('seasons', () => {
  it('has winter from October to March in the north and from April to September in the south', () => {
    expect(wateringSeasonOn('2026-10-01', 'north')).toBe('winter');
    expect(wateringSeasonOn('2026-03-31', 'north')).toBe('winter');
    expect(wateringSeasonOn('2026-04-01', 'north')).toBe('summer');
    expect(wateringSeasonOn('2026-09-30', 'north')).toBe('summer');
    expect(wateringSeasonOn('2026-04-01', 'south')).toBe('winter');
    expect(wateringSeasonOn('2026-09-30', 'south')).toBe('winter');
    expect(wateringSeasonOn('2026-10-01', 'south')).toBe('summer');
    expect(wateringSeasonOn('2026-01-15', 'south')).toBe('summer');
  });

  it("gives the species' interval of the season", () => {
    const watering = { summerDays: 7, winterDays: 14 };
    expect(seasonalWateringDays(watering, '2026-07-01', 'north')).toEqual({ season: 'summer', days: 7 });
    expect(seasonalWateringDays(watering, '2026-07-01', 'south')).toEqual({ season: 'winter', days: 14 });
    expect(seasonalWateringDays(watering, '2026-12-01', 'north')).toEqual({ season: 'winter', days: 14 });
  });
});
