import {
  capitalise,
  jobIntervalOf,
  CARE_JOB_WORDS,
  addDays,
  scheduledJobs,
  type CareJob,
  type DutyPeriod,
  type OnDuty,
  type Plant,
} from '../model';

/*
 * ical-generator is required on the first feed rather than at module load, like firebase-admin in
 * lib/firebase.ts: only the feed needs it, and the function's cold start does not pay for it.
 */
type IcalGenerator = typeof import('ical-generator');
let icalGenerator: IcalGenerator | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadIcalGenerator = () => (icalGenerator ??= require('ical-generator') as IcalGenerator);

const CALENDAR_NAME = 'Mango Grove Tracker: plant care';
/** How often calendar apps that read REFRESH-INTERVAL (or X-PUBLISHED-TTL) should fetch the feed again. */
const FEED_REFRESH_SECONDS = 60 * 60;
/** The reminder on the day of a watering, after the all-day event's start (the user's local midnight). */
const REMINDER_AFTER_MIDNIGHT_SECONDS = 9 * 60 * 60;

/** The web app's page of a plant (web/src/config/paths.ts, `paths.plant`). */
const plantPageUrl = (siteOrigin: string, id: string) => `${siteOrigin}/plant/${encodeURIComponent(id)}`;

/** A UID that stays the same for a plant whatever changes, so calendar apps move the event instead of adding one. */
const wateringEventUid = (plantId: string) => `${plantId}-watering@mango-grove-tracker`;

/** The same for a care task of the plant: `<plant id>-<task>@mango-grove-tracker` (watering's stays as it was). */
const jobEventUid = (plantId: string, job: CareJob) =>
  job === 'water' ? wateringEventUid(plantId) : `${plantId}-${job}@mango-grove-tracker`;

/** Where a plant stands, named in its events ("Place: Bedroom"); null when nowhere (or nowhere the feed's person may see). */
export type PlaceNameOf<P> = (plant: P) => string | null;

function describe(plant: Plant, job: CareJob, onDuty: OnDuty | null, place: string | null): string {
  const frequency = job === 'water' ? plant.wateringFrequency : plant.care?.[job]?.frequency;
  const doing = CARE_JOB_WORDS[job].doing;
  return [
    `${capitalise(doing)} frequency: ${frequency?.trim() || 'not set'}`,
    `Health status: ${plant.healthStatus}`,
    ...(place ? [`Place: ${place}`] : []),
    ...(onDuty ? [`On duty: ${onDuty.displayName}`] : []),
  ].join('\n');
}

/**
 * The iCalendar feed (RFC 5545) of a user's care schedule: one all-day event per plant and job
 * (watering, and each tracked care task) with a next date, on that date, repeating every interval
 * when the interval is known, with a display reminder on the day: "Water Monstera", "Fertilize
 * Monstera". Soonest first, then by plant id, then watering before the tasks. Escaping, folding
 * and CRLF line ends are ical-generator's.
 *
 * In a household with a rotation, a shared plant's event says who is on duty for its next date
 * (`onDuty`; "On duty: Ana"); a repeating event's later dates are not named (the rota may differ).
 * A plant that stands in a place says where (`placeOf`; "Place: Bedroom").
 *
 * The output depends on the plants and the rota only (each event's DTSTAMP is the plant's
 * updatedAt, never the time of the request), so the same schedule gives the same bytes and ETag.
 */
export function renderWateringCalendar<P extends Plant>(
  plants: readonly P[],
  siteOrigin: string,
  onDuty: (plant: P, date: string) => OnDuty | null = () => null,
  placeOf: PlaceNameOf<P> = () => null,
): string {
  const calendar = newCalendar(
    CALENDAR_NAME,
    'When each of your plants needs water, fertilizing, repotting, pruning or misting, from Mango Grove Tracker.',
  );
  addJobEvents(calendar, plants, siteOrigin, onDuty, jobEventUid, placeOf);
  return calendar.toString();
}

/**
 * A household's feed: one all-day event per period of its rota naming who is on duty ("On duty:
 * Ana", from the period's first day to its last; none in mode everyone), then the jobs of the plants
 * shared with it as the personal feed has them, each naming who is on duty on its next date. Its
 * events' UIDs differ from the personal feed's, so a person subscribed to both sees both. Like the
 * personal feed, the same rota and plants give the same bytes.
 */
export function renderHouseholdCalendar<P extends Plant>(
  householdId: string,
  periods: readonly DutyPeriod[],
  plants: readonly P[],
  siteOrigin: string,
  onDuty: (plant: P, date: string) => OnDuty | null,
  placeOf: PlaceNameOf<P> = () => null,
): string {
  const { ICalEventTransparency } = loadIcalGenerator();
  const calendar = newCalendar(
    HOUSEHOLD_CALENDAR_NAME,
    'Who is on duty in your household, and when each shared plant needs water, fertilizing, repotting, pruning or misting, from Mango Grove Tracker.',
  );
  for (const period of periods) {
    const start = new Date(`${period.from}T00:00:00Z`);
    calendar.createEvent({
      id: dutyEventUid(householdId, period.from),
      allDay: true,
      start,
      // An all-day event ends on the morning after its last day (DTEND is exclusive).
      end: new Date(`${addDays(period.until, 1)}T00:00:00Z`),
      summary: `On duty: ${period.displayName}`,
      description: `${period.displayName} cares for the household's shared plants ${
        period.from === period.until ? `on ${period.from}` : `from ${period.from} to ${period.until}`
      }.`,
      stamp: start,
      // Free: a rota period does not make its person busy in their calendar.
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  addJobEvents(calendar, plants, siteOrigin, onDuty, (plantId, job) => householdJobEventUid(plantId, job), placeOf);
  return calendar.toString();
}

const HOUSEHOLD_CALENDAR_NAME = 'Mango Grove Tracker: household rota';

/** A period's event: the same UID for the same household and first day, so an app updates it in place. */
const dutyEventUid = (householdId: string, from: string) => `${householdId}-duty-${from}@mango-grove-tracker`;

/** A shared plant's job in a household feed: not the personal feed's UID, which an app may hold too. */
const householdJobEventUid = (plantId: string, job: CareJob) => `${plantId}-${job}-household@mango-grove-tracker`;

function newCalendar(name: string, description: string) {
  const { default: ical } = loadIcalGenerator();
  return ical({
    prodId: { company: 'Mango Grove Tracker', product: 'Plant care reminders', language: 'EN' },
    name,
    description,
    ttl: FEED_REFRESH_SECONDS,
  });
}

/** One all-day event per plant and job with a next date, soonest first, each with its reminder on the day. */
function addJobEvents<P extends Plant>(
  calendar: ReturnType<typeof newCalendar>,
  plants: readonly P[],
  siteOrigin: string,
  onDuty: (plant: P, date: string) => OnDuty | null,
  uidOf: (plantId: string, job: CareJob) => string,
  placeOf: PlaceNameOf<P>,
): void {
  const { ICalAlarmType, ICalAlarmRelatesTo, ICalEventRepeatingFreq } = loadIcalGenerator();
  const jobs = plants
    .flatMap((plant) => scheduledJobs(plant).map(({ job, date }) => ({ plant, job, date })))
    .sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : a.plant._id < b.plant._id ? -1 : a.plant._id > b.plant._id ? 1 : 0,
    );
  // scheduledJobs lists a plant's jobs in CARE_JOBS order within a day, and sort() is stable.
  for (const { plant, job, date } of jobs) {
    const summary = `${CARE_JOB_WORDS[job].label} ${plant.plantName}`;
    const updatedAt = new Date(plant.updatedAt);
    const interval = jobIntervalOf(plant, job);
    const event = calendar.createEvent({
      id: uidOf(plant._id, job),
      allDay: true,
      // A calendar date at UTC midnight: ical-generator writes an all-day date from its UTC fields.
      start: new Date(`${date}T00:00:00Z`),
      summary,
      description: describe(plant, job, onDuty(plant, date), placeOf(plant)),
      url: plantPageUrl(siteOrigin, plant._id),
      stamp: updatedAt,
      lastModified: updatedAt,
      repeating: interval ? { freq: ICalEventRepeatingFreq.DAILY, interval } : null,
    });
    // relatesTo is set through its method: ical-generator's constructor ignores it in the data,
    // and without it a trigger after the start is written relative to the END (the next midnight).
    event
      .createAlarm({ type: ICalAlarmType.display, triggerAfter: REMINDER_AFTER_MIDNIGHT_SECONDS, description: summary })
      .relatesTo(ICalAlarmRelatesTo.start);
  }
}
