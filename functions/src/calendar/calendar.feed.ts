import { once } from '../lib/once';
import { ENGLISH, type Translator } from '../lib/translator';
import {
  jobIntervalOf,
  addDays,
  scheduledJobs,
  type CareJob,
  type DutyPeriod,
  type OnDuty,
  type Plant,
} from '../model';
import { defineMessages } from '../model/locales/catalogue';

/*
 * ical-generator is required on the first feed rather than at module load, like firebase-admin in
 * lib/firebase.ts: only the feed needs it, and the function's cold start does not pay for it.
 */
type IcalGenerator = typeof import('ical-generator');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadIcalGenerator = once(() => require('ical-generator') as IcalGenerator);

/*
 * What a feed says, in its person's language (their reminder settings' `language`): English here,
 * the other languages in the catalogues (model/locales). The dates in a rota's description stay
 * YYYY-MM-DD in every language: a calendar app shows the event on its days anyway.
 */
const messages = defineMessages({
  name: { id: 'server.calendar.name', message: 'Mango Grove Tracker: plant care' },
  description: {
    id: 'server.calendar.description',
    message:
      'When each of your plants needs water, fertilizing, repotting, pruning or misting, from Mango Grove Tracker.',
  },
  householdName: { id: 'server.calendar.household.name', message: 'Mango Grove Tracker: household rota' },
  householdDescription: {
    id: 'server.calendar.household.description',
    message:
      'Who is on duty in your household, and when each shared plant needs water, fertilizing, repotting, pruning or misting, from Mango Grove Tracker.',
  },
  summary: {
    id: 'server.calendar.summary',
    message:
      '{job, select, water {Water {plantName}} fertilize {Fertilize {plantName}} repot {Repot {plantName}} prune {Prune {plantName}} mist {Mist {plantName}} other {{plantName}}}',
  },
  frequency: {
    id: 'server.calendar.frequency',
    message:
      '{job, select, water {Watering frequency: {frequency}} fertilize {Fertilizing frequency: {frequency}} repot {Repotting frequency: {frequency}} prune {Pruning frequency: {frequency}} mist {Misting frequency: {frequency}} other {Frequency: {frequency}}}',
  },
  notSet: { id: 'server.calendar.notSet', message: 'not set' },
  health: {
    id: 'server.calendar.health',
    message:
      'Health status: {status, select, healthy {Healthy} needsCare {Needs Care} critical {Critical} other {{text}}}',
  },
  place: { id: 'server.calendar.place', message: 'Place: {place}' },
  onDuty: { id: 'server.calendar.onDuty', message: 'On duty: {name}' },
  dutyDay: { id: 'server.calendar.dutyDay', message: "{name} cares for the household's shared plants on {day}." },
  dutyPeriod: {
    id: 'server.calendar.dutyPeriod',
    message: "{name} cares for the household's shared plants from {from} to {until}.",
  },
});

/** The health statuses the product offers (model HEALTH_STATUSES), by their key in `messages.health`; any other is shown as written. */
const HEALTH_KEYS = new Map([
  ['Healthy', 'healthy'],
  ['Needs Care', 'needsCare'],
  ['Critical', 'critical'],
]);

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

function describe(plant: Plant, job: CareJob, onDuty: OnDuty | null, place: string | null, { t }: Translator): string {
  const frequency = job === 'water' ? plant.wateringFrequency : plant.care?.[job]?.frequency;
  return [
    t(messages.frequency, { job, frequency: frequency?.trim() || t(messages.notSet) }),
    t(messages.health, { status: HEALTH_KEYS.get(plant.healthStatus) ?? 'other', text: plant.healthStatus }),
    ...(place ? [t(messages.place, { place })] : []),
    ...(onDuty ? [t(messages.onDuty, { name: onDuty.displayName })] : []),
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
 * Its texts are in `translator`'s language, the person's.
 *
 * The output depends on the plants, the rota and the language only (each event's DTSTAMP is the
 * plant's updatedAt, never the time of the request), so the same schedule gives the same bytes and
 * ETag.
 */
export function renderWateringCalendar<P extends Plant>(
  plants: readonly P[],
  siteOrigin: string,
  onDuty: (plant: P, date: string) => OnDuty | null = () => null,
  placeOf: PlaceNameOf<P> = () => null,
  translator: Translator = ENGLISH,
): string {
  const calendar = newCalendar(translator, translator.t(messages.name), translator.t(messages.description));
  addJobEvents(calendar, plants, siteOrigin, onDuty, jobEventUid, placeOf, translator);
  return calendar.toString();
}

/**
 * A household's feed: one all-day event per period of its rota naming who is on duty ("On duty:
 * Ana", from the period's first day to its last; none in mode everyone), then the jobs of the plants
 * shared with it as the personal feed has them, each naming who is on duty on its next date. Its
 * events' UIDs differ from the personal feed's, so a person subscribed to both sees both. Like the
 * personal feed, the same rota, plants and language give the same bytes; its texts are in
 * `translator`'s language (its link's person's).
 */
export function renderHouseholdCalendar<P extends Plant>(
  householdId: string,
  periods: readonly DutyPeriod[],
  plants: readonly P[],
  siteOrigin: string,
  onDuty: (plant: P, date: string) => OnDuty | null,
  placeOf: PlaceNameOf<P> = () => null,
  translator: Translator = ENGLISH,
): string {
  const { ICalEventTransparency } = loadIcalGenerator();
  const { t } = translator;
  const calendar = newCalendar(translator, t(messages.householdName), t(messages.householdDescription));
  for (const period of periods) {
    const start = new Date(`${period.from}T00:00:00Z`);
    calendar.createEvent({
      id: dutyEventUid(householdId, period.from),
      allDay: true,
      start,
      // An all-day event ends on the morning after its last day (DTEND is exclusive).
      end: new Date(`${addDays(period.until, 1)}T00:00:00Z`),
      summary: t(messages.onDuty, { name: period.displayName }),
      description:
        period.from === period.until
          ? t(messages.dutyDay, { name: period.displayName, day: period.from })
          : t(messages.dutyPeriod, { name: period.displayName, from: period.from, until: period.until }),
      stamp: start,
      // Free: a rota period does not make its person busy in their calendar.
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  addJobEvents(
    calendar,
    plants,
    siteOrigin,
    onDuty,
    (plantId, job) => householdJobEventUid(plantId, job),
    placeOf,
    translator,
  );
  return calendar.toString();
}

/** A period's event: the same UID for the same household and first day, so an app updates it in place. */
const dutyEventUid = (householdId: string, from: string) => `${householdId}-duty-${from}@mango-grove-tracker`;

/** A shared plant's job in a household feed: not the personal feed's UID, which an app may hold too. */
const householdJobEventUid = (plantId: string, job: CareJob) => `${plantId}-${job}-household@mango-grove-tracker`;

function newCalendar({ language }: Translator, name: string, description: string) {
  const { default: ical } = loadIcalGenerator();
  return ical({
    // PRODID names the language of the feed's text (RFC 5545, 3.7.3): EN, ES, DE or FR.
    prodId: { company: 'Mango Grove Tracker', product: 'Plant care reminders', language: language.toUpperCase() },
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
  translator: Translator,
): void {
  const { ICalAlarmType, ICalAlarmRelatesTo, ICalEventRepeatingFreq } = loadIcalGenerator();
  const jobs = plants
    .flatMap((plant) => scheduledJobs(plant).map(({ job, date }) => ({ plant, job, date })))
    .sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : a.plant._id < b.plant._id ? -1 : a.plant._id > b.plant._id ? 1 : 0,
    );
  // scheduledJobs lists a plant's jobs in CARE_JOBS order within a day, and sort() is stable.
  for (const { plant, job, date } of jobs) {
    const summary = translator.t(messages.summary, { job, plantName: plant.plantName });
    const updatedAt = new Date(plant.updatedAt);
    const interval = jobIntervalOf(plant, job);
    const event = calendar.createEvent({
      id: uidOf(plant._id, job),
      allDay: true,
      // A calendar date at UTC midnight: ical-generator writes an all-day date from its UTC fields.
      start: new Date(`${date}T00:00:00Z`),
      summary,
      description: describe(plant, job, onDuty(plant, date), placeOf(plant), translator),
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
