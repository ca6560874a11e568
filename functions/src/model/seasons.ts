import { localDate } from './reminders';

/**
 * Seasons for watering: a species' summer interval from the spring equinox to the autumn equinox
 * of the person's hemisphere, its winter interval otherwise; the hemisphere read from their time
 * zone, the equinoxes' days taken in it. Pure.
 */

export type Hemisphere = 'north' | 'south';

/** Where a person's seasons are counted: their hemisphere, and the time zone whose days the equinoxes fall on. */
export interface SeasonContext {
  hemisphere: Hemisphere;
  timeZone: string;
}
export const WATERING_SEASONS = ['summer', 'winter'] as const;
export type WateringSeason = (typeof WATERING_SEASONS)[number];

/** IANA time zones south of the equator (zones under Australia/, Antarctica/ and America/Argentina/ too). */
const SOUTHERN_ZONES = new Set([
  // The names Node's ICU resolves America/Argentina/Cordoba and its neighbours to.
  'America/Catamarca',
  'America/Cordoba',
  'America/Jujuy',
  'America/Mendoza',
  'Africa/Blantyre',
  'Africa/Bujumbura',
  'Africa/Dar_es_Salaam',
  'Africa/Gaborone',
  'Africa/Harare',
  'Africa/Johannesburg',
  'Africa/Kigali',
  'Africa/Kinshasa',
  'Africa/Brazzaville',
  'Africa/Luanda',
  'Africa/Lubumbashi',
  'Africa/Lusaka',
  'Africa/Maputo',
  'Africa/Maseru',
  'Africa/Mbabane',
  'Africa/Nairobi',
  'Africa/Windhoek',
  'America/Araguaina',
  'America/Asuncion',
  'America/Bahia',
  'America/Belem',
  'America/Buenos_Aires',
  'America/Campo_Grande',
  'America/Cuiaba',
  'America/Eirunepe',
  'America/Fortaleza',
  'America/Guayaquil',
  'America/La_Paz',
  'America/Lima',
  'America/Maceio',
  'America/Manaus',
  'America/Montevideo',
  'America/Noronha',
  'America/Porto_Velho',
  'America/Punta_Arenas',
  'America/Recife',
  'America/Rio_Branco',
  'America/Santarem',
  'America/Santiago',
  'America/Sao_Paulo',
  'Asia/Dili',
  'Asia/Jakarta',
  'Asia/Jayapura',
  'Asia/Makassar',
  'Atlantic/South_Georgia',
  'Atlantic/St_Helena',
  'Atlantic/Stanley',
  'Indian/Antananarivo',
  'Indian/Chagos',
  'Indian/Christmas',
  'Indian/Cocos',
  'Indian/Comoro',
  'Indian/Kerguelen',
  'Indian/Mauritius',
  'Indian/Mayotte',
  'Indian/Reunion',
  'Pacific/Apia',
  'Pacific/Auckland',
  'Pacific/Bougainville',
  'Pacific/Chatham',
  'Pacific/Easter',
  'Pacific/Efate',
  'Pacific/Fakaofo',
  'Pacific/Fiji',
  'Pacific/Funafuti',
  'Pacific/Gambier',
  'Pacific/Guadalcanal',
  'Pacific/Marquesas',
  'Pacific/Niue',
  'Pacific/Norfolk',
  'Pacific/Noumea',
  'Pacific/Pago_Pago',
  'Pacific/Pitcairn',
  'Pacific/Port_Moresby',
  'Pacific/Rarotonga',
  'Pacific/Tahiti',
  'Pacific/Tongatapu',
  'Pacific/Wallis',
]);

/** The hemisphere of an IANA time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`); north when unknown. */
export function hemisphereOf(timeZone: string | undefined): Hemisphere {
  if (!timeZone) return 'north';
  if (/^(Australia|Antarctica|America\/Argentina)\//.test(timeZone) || SOUTHERN_ZONES.has(timeZone)) return 'south';
  return 'north';
}

/**
 * The periodic terms of the equinoxes' times (Meeus, Astronomical Algorithms, 2nd ed., table 27.C):
 * amplitude, phase and speed, in degrees.
 */
const EQUINOX_TERMS: readonly (readonly [number, number, number])[] = [
  [485, 324.96, 1934.136],
  [203, 337.23, 32964.467],
  [199, 342.08, 20.186],
  [182, 27.85, 445267.112],
  [156, 73.14, 45036.886],
  [136, 171.52, 22518.443],
  [77, 222.54, 65928.934],
  [74, 296.72, 3034.906],
  [70, 243.58, 9037.513],
  [58, 119.81, 33718.147],
  [52, 297.17, 150.678],
  [50, 21.02, 2281.226],
  [45, 247.54, 29929.562],
  [44, 325.15, 31555.956],
  [29, 60.93, 4443.417],
  [18, 155.12, 67555.328],
  [17, 288.79, 4562.452],
  [16, 198.04, 62894.029],
  [14, 199.76, 31436.921],
  [12, 95.39, 14577.848],
  [12, 287.11, 31931.756],
  [12, 320.81, 34777.259],
  [9, 227.73, 1222.114],
  [8, 15.45, 16859.074],
];

const DELTA_T_MS = 69_000;
const degrees = (angle: number) => (angle * Math.PI) / 180;

/**
 * The instant of the March or September equinox of `year` (Meeus, chapter 27: the mean equinox of
 * table 27.B and the corrections of table 27.C; within a minute for the years 1000 to 3000, e.g.
 * 20 March 2026 14:46 and 23 September 2026 00:05 UTC), less ΔT, the 69 seconds by which
 * terrestrial time ran ahead of universal time in these decades.
 */
export function equinox(year: number, month: 'march' | 'september'): Date {
  const y = (year - 2000) / 1000;
  const mean =
    month === 'march'
      ? 2451623.80984 + 365242.37404 * y + 0.05169 * y ** 2 - 0.00411 * y ** 3 - 0.00057 * y ** 4
      : 2451810.21715 + 365242.01767 * y - 0.11575 * y ** 2 + 0.00337 * y ** 3 + 0.00078 * y ** 4;
  const t = (mean - 2451545) / 36525;
  const w = 35999.373 * t - 2.47;
  const lambda = 1 + 0.0334 * Math.cos(degrees(w)) + 0.0007 * Math.cos(degrees(2 * w));
  const terms = EQUINOX_TERMS.reduce((sum, [a, b, c]) => sum + a * Math.cos(degrees(b + c * t)), 0);
  const julianDay = mean + (0.00001 * terms) / lambda;
  return new Date(Math.round((julianDay - 2440587.5) * 86_400_000) - DELTA_T_MS);
}

/** The calendar days (YYYY-MM-DD) in `timeZone` on which `year`'s spring and autumn begin in `hemisphere`. */
function seasonStarts(year: number, hemisphere: Hemisphere, timeZone: string): { spring: string; autumn: string } {
  const march = localDate(equinox(year, 'march'), timeZone);
  const september = localDate(equinox(year, 'september'), timeZone);
  return hemisphere === 'north' ? { spring: march, autumn: september } : { spring: september, autumn: march };
}

/**
 * The watering season on a calendar day (YYYY-MM-DD) in `timeZone`: summer from the day of the
 * hemisphere's spring equinox up to the day before its autumn one, winter from then on.
 */
export function wateringSeasonOn(day: string, hemisphere: Hemisphere, timeZone = 'UTC'): WateringSeason {
  const { spring, autumn } = seasonStarts(Number(day.slice(0, 4)), 'north', timeZone);
  const northernSummer = day >= spring && day < autumn;
  return northernSummer === (hemisphere === 'north') ? 'summer' : 'winter';
}

/** The first day after `day` on which the season changes in `hemisphere`, and the season it begins. */
export function nextSeasonChange(
  day: string,
  hemisphere: Hemisphere,
  timeZone = 'UTC',
): { day: string; season: WateringSeason } {
  const year = Number(day.slice(0, 4));
  const changes = [year, year + 1].flatMap((each) => {
    const { spring, autumn } = seasonStarts(each, hemisphere, timeZone);
    return [
      { day: spring, season: 'summer' as const },
      { day: autumn, season: 'winter' as const },
    ];
  });
  return changes.sort((a, b) => a.day.localeCompare(b.day)).find((change) => change.day > day)!;
}

/**
 * The days between waterings a species asks for on `day`: its winter interval in winter, else its
 * summer one, whichever of the two is its rest.
 */
export function seasonalWateringDays(
  watering: { summerDays: number; winterDays: number },
  day: string,
  hemisphere: Hemisphere,
  timeZone = 'UTC',
): { season: WateringSeason; days: number } {
  const season = wateringSeasonOn(day, hemisphere, timeZone);
  return { season, days: watering[`${season}Days`] };
}

/**
 * A watering that follows its species' seasons, as the owner's view carries it (`wateringSeason`)
 * and the plant stores it: this season, the day the next one begins in the owner's hemisphere and
 * time zone, and the interval it brings.
 */
export interface FollowedSeason {
  season: WateringSeason;
  changesOn: string;
  nextDays: number;
}

/**
 * What a plant whose watering follows its species waters by on `day`: the season's interval (`days`)
 * and the season (FollowedSeason), in the owner's hemisphere and time zone.
 */
export function followedWatering(
  watering: { summerDays: number; winterDays: number },
  day: string,
  hemisphere: Hemisphere,
  timeZone = 'UTC',
): { days: number; season: FollowedSeason } {
  const { season, days } = seasonalWateringDays(watering, day, hemisphere, timeZone);
  const next = nextSeasonChange(day, hemisphere, timeZone);
  return { days, season: { season, changesOn: next.day, nextDays: watering[`${next.season}Days`] } };
}
