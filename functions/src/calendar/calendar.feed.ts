import { isCalendarDate, type Plant } from '../model';

/*
 * ical-generator is required on the first feed rather than at module load, like firebase-admin in
 * lib/firebase.ts: only the feed needs it, and the function's cold start does not pay for it.
 */
type IcalGenerator = typeof import('ical-generator');
let icalGenerator: IcalGenerator | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadIcalGenerator = () => (icalGenerator ??= require('ical-generator') as IcalGenerator);

export const CALENDAR_NAME = 'Mango Grove Tracker: watering';
/** How often calendar apps that read REFRESH-INTERVAL (or X-PUBLISHED-TTL) should fetch the feed again. */
export const FEED_REFRESH_SECONDS = 60 * 60;
/** The reminder on the day of a watering, after the all-day event's start (the user's local midnight). */
export const REMINDER_AFTER_MIDNIGHT_SECONDS = 9 * 60 * 60;

/** The web app's page of a plant (web/src/config/paths.ts, `paths.plant`). */
export const plantPageUrl = (siteOrigin: string, id: string) => `${siteOrigin}/plant/${encodeURIComponent(id)}`;

/** A UID that stays the same for a plant whatever changes, so calendar apps move the event instead of adding one. */
export const wateringEventUid = (plantId: string) => `${plantId}-watering@mango-grove-tracker`;

function describe(plant: Plant): string {
  return [`Watering frequency: ${plant.wateringFrequency?.trim() || 'not set'}`, `Health status: ${plant.healthStatus}`].join('\n');
}

const byDateThenId = (a: Plant, b: Plant) => (a.nextWateringDate ?? '').localeCompare(b.nextWateringDate ?? '') || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/**
 * The iCalendar feed (RFC 5545) of a user's watering schedule: one all-day event per plant with a
 * next watering date, on that date, repeating every interval when the interval is known, with a
 * display reminder on the day. Escaping, folding and CRLF line ends are ical-generator's.
 *
 * The output depends on the plants only (each event's DTSTAMP is the plant's updatedAt, never the
 * time of the request), so the same schedule gives the same bytes and the same ETag.
 */
export function renderWateringCalendar(plants: readonly Plant[], siteOrigin: string): string {
  const { default: ical, ICalAlarmType, ICalAlarmRelatesTo, ICalEventRepeatingFreq } = loadIcalGenerator();
  const calendar = ical({
    prodId: { company: 'Mango Grove Tracker', product: 'Watering reminders', language: 'EN' },
    name: CALENDAR_NAME,
    description: 'When each of your plants needs water, from Mango Grove Tracker.',
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const plant of [...plants].filter((p) => p.nextWateringDate && isCalendarDate(p.nextWateringDate)).sort(byDateThenId)) {
    const summary = `Water ${plant.plantName}`;
    const updatedAt = new Date(plant.updatedAt);
    const event = calendar.createEvent({
      id: wateringEventUid(plant._id),
      allDay: true,
      // A calendar date at UTC midnight: ical-generator writes an all-day date from its UTC fields.
      start: new Date(`${plant.nextWateringDate}T00:00:00Z`),
      summary,
      description: describe(plant),
      url: plantPageUrl(siteOrigin, plant._id),
      stamp: updatedAt,
      lastModified: updatedAt,
      repeating: plant.wateringIntervalDays ? { freq: ICalEventRepeatingFreq.DAILY, interval: plant.wateringIntervalDays } : null,
    });
    // relatesTo is set through its method: ical-generator's constructor ignores it in the data,
    // and without it a trigger after the start is written relative to the END (the next midnight).
    event.createAlarm({ type: ICalAlarmType.display, triggerAfter: REMINDER_AFTER_MIDNIGHT_SECONDS, description: summary }).relatesTo(ICalAlarmRelatesTo.start);
  }
  return calendar.toString();
}
