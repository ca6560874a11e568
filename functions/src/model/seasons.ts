/**
 * Seasons for watering: a species' winter interval from October to March in the northern
 * hemisphere and from April to September in the southern, the hemisphere read from the browser's
 * time zone. Pure.
 */

export type Hemisphere = 'north' | 'south';
export const WATERING_SEASONS = ['summer', 'winter'] as const;
export type WateringSeason = (typeof WATERING_SEASONS)[number];

/** IANA time zones south of the equator (zones under Australia/, Antarctica/ and America/Argentina/ too). */
const SOUTHERN_ZONES = new Set([
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

/** The watering season on a calendar day (YYYY-MM-DD): winter is October to March in the north, April to September in the south. */
export function wateringSeasonOn(day: string, hemisphere: Hemisphere): WateringSeason {
  const month = Number(day.slice(5, 7));
  const northernWinter = month >= 10 || month <= 3;
  return northernWinter === (hemisphere === 'north') ? 'winter' : 'summer';
}

/**
 * The days between waterings a species asks for on `day`: its winter interval in winter, else its
 * summer one, whichever of the two is its rest.
 */
export function seasonalWateringDays(
  watering: { summerDays: number; winterDays: number },
  day: string,
  hemisphere: Hemisphere,
): { season: WateringSeason; days: number } {
  const season = wateringSeasonOn(day, hemisphere);
  return { season, days: season === 'winter' ? watering.winterDays : watering.summerDays };
}
