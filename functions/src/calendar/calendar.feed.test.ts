import ICAL from 'ical.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translatorFor } from '../lib/translator';
import type { DutyPeriod, Plant } from '../model';
import { renderHouseholdCalendar, renderWateringCalendar } from './calendar.feed';

const SITE = 'https://mango.example.test';

const aPlant = (overrides: Partial<Plant> = {}): Plant => ({
  _id: 'plant0000000000000001',
  plantName: 'Boston Fern',
  category: 'fern',
  careLevel: 'moderate',
  healthStatus: 'Healthy',
  wateringFrequency: 'Every 3 days',
  wateringIntervalDays: 3,
  lastWateredDate: '2026-03-01',
  nextWateringDate: '2026-03-04',
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-03-01T08:30:00.000Z',
  ...overrides,
});

/** The feed as an independent parser (ical.js, Mozilla's) reads it. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent') };
}

afterEach(() => vi.useRealTimers());

describe('renderWateringCalendar', () => {
  it('has one all-day event per plant with a next watering date, with the summary, description, URL, UID, RRULE and alarm', () => {
    const text = renderWateringCalendar(
      [aPlant(), aPlant({ _id: 'plant0000000000000002', plantName: 'Unscheduled', nextWateringDate: undefined })],
      SITE,
    );
    const { calendar, events } = parse(text);
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(events).toHaveLength(1);
    const vevent = events[0]!;
    const event = new ICAL.Event(vevent);
    expect(event.uid.startsWith('plant0000000000000001')).toBe(true);
    expect(event.summary).toBe('Water Boston Fern');
    expect(event.description).toBe('Watering frequency: Every 3 days\nHealth status: Healthy');
    expect(vevent.getFirstPropertyValue('url')).toBe(`${SITE}/plant/plant0000000000000001`);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2026-03-04');
    expect(text).toContain('\r\nDTSTART;VALUE=DATE:20260304\r\n');

    const rule = vevent.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(rule.freq).toBe('DAILY');
    expect(rule.interval).toBe(3);
    expect(text).toContain('\r\nRRULE:FREQ=DAILY;INTERVAL=3\r\n');
    // The occurrences a calendar app shows: every third day from the next watering.
    const iterator = event.iterator();
    expect([1, 2, 3].map(() => iterator.next()!.toString())).toEqual(['2026-03-04', '2026-03-07', '2026-03-10']);

    const alarms = vevent.getAllSubcomponents('valarm');
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(alarms[0]!.getFirstPropertyValue('description')).toBe('Water Boston Fern');
    const trigger = alarms[0]!.getFirstProperty('trigger')!;
    expect(trigger.getParameter('related')).toBe('START');
    // 9 hours after the all-day event starts: 9 am on the day, in the calendar's own time zone.
    expect((trigger.getFirstValue() as ICAL.Duration).toSeconds()).toBe(9 * 60 * 60);
  });

  it('has no RRULE when the interval is unknown, and says so when the frequency is missing', () => {
    const { events } = parse(
      renderWateringCalendar(
        [aPlant({ wateringFrequency: undefined, wateringIntervalDays: null, healthStatus: 'Needs Care' })],
        SITE,
      ),
    );
    expect(events[0]!.getFirstProperty('rrule')).toBeNull();
    expect(events[0]!.getFirstPropertyValue('description')).toBe(
      'Watering frequency: not set\nHealth status: Needs Care',
    );
  });

  it('escapes text as RFC 5545 says, ends every line with CRLF and folds long lines at 75 octets', () => {
    const name = 'Fern; the "big", one\\two, with a very long name that goes on 🌿 and on and on ü ü ü ü';
    const text = renderWateringCalendar([aPlant({ plantName: name })], SITE);
    expect(text).toContain('SUMMARY:Water Fern\\; the "big"\\, one\\\\two\\,');
    expect(new ICAL.Event(parse(text).events[0]!).summary).toBe(`Water ${name}`);
    const lines = text.split('\r\n');
    expect(lines.some((line) => line.includes('\n') || line.includes('\r'))).toBe(false);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const summary = lines.findIndex((line) => line.startsWith('SUMMARY:'));
    expect(lines[summary + 1]!.startsWith(' ')).toBe(true);
  });

  it('gives the same bytes for the same plants at any time, so the ETag only changes with the schedule', () => {
    const plants = [aPlant(), aPlant({ _id: 'plant0000000000000000', nextWateringDate: '2026-03-02' })];
    vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00Z') });
    const first = renderWateringCalendar(plants, SITE);
    vi.setSystemTime(new Date('2026-04-01T00:00:00Z'));
    expect(renderWateringCalendar([...plants].reverse(), SITE)).toBe(first);
    expect(first).toContain('DTSTAMP:20260301T083000Z');
    expect(renderWateringCalendar([aPlant({ nextWateringDate: '2026-03-05' }), plants[1]!], SITE)).not.toBe(first);
  });

  it('has an event series per tracked care task with a next date, soonest first, watering first on a day, each with its own UID', () => {
    const care = {
      fertilize: { frequency: 'Monthly', lastDate: null, nextDate: '2026-03-04', intervalDays: 30 },
      repot: { frequency: 'when pot-bound', lastDate: null, nextDate: '2026-03-02', intervalDays: null },
      prune: { frequency: 'yearly', lastDate: null, nextDate: null, intervalDays: 365 },
    };
    const careOnly = aPlant({
      _id: 'plant0000000000000002',
      plantName: 'Cactus',
      nextWateringDate: undefined,
      care: { mist: { frequency: 'weekly', lastDate: null, nextDate: '2026-03-03', intervalDays: 7 } },
    });
    const text = renderWateringCalendar([aPlant({ care }), careOnly], SITE);
    const events = parse(text).events.map((vevent) => {
      const event = new ICAL.Event(vevent);
      const rule = vevent.getFirstPropertyValue('rrule') as ICAL.Recur | null;
      return [
        event.uid,
        event.summary,
        event.startDate.toString(),
        rule?.interval ?? null,
        String(vevent.getFirstPropertyValue('description')).split('\n')[0],
      ];
    });
    expect(events).toEqual([
      [
        'plant0000000000000001-repot@mango-grove-tracker',
        'Repot Boston Fern',
        '2026-03-02',
        null,
        'Repotting frequency: when pot-bound',
      ],
      ['plant0000000000000002-mist@mango-grove-tracker', 'Mist Cactus', '2026-03-03', 7, 'Misting frequency: weekly'],
      [
        'plant0000000000000001-watering@mango-grove-tracker',
        'Water Boston Fern',
        '2026-03-04',
        3,
        'Watering frequency: Every 3 days',
      ],
      [
        'plant0000000000000001-fertilize@mango-grove-tracker',
        'Fertilize Boston Fern',
        '2026-03-04',
        30,
        'Fertilizing frequency: Monthly',
      ],
    ]);
    for (const vevent of parse(text).events) expect(vevent.getAllSubcomponents('valarm')).toHaveLength(1);
  });

  it('is a valid empty calendar for a user without scheduled plants', () => {
    const { calendar, events } = parse(renderWateringCalendar([], SITE));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Mango Grove Tracker: plant care');
    expect(events).toEqual([]);
  });

  it('names who is on duty for a job when told, and nothing when nobody is', () => {
    const fern = aPlant();
    const palm = aPlant({ _id: 'plant0000000000000002', plantName: 'Palm', nextWateringDate: '2026-03-09' });
    const text = renderWateringCalendar([fern, palm], SITE, (plant, date) =>
      plant._id === fern._id ? { uid: 'ana', displayName: `Ana (${date})` } : null,
    );
    const descriptions = parse(text).events.map((event) => String(event.getFirstPropertyValue('description')));
    expect(descriptions[0]).toContain('On duty: Ana (2026-03-04)');
    expect(descriptions[1]).not.toContain('On duty');
  });
});

describe('a feed in its person’s language', () => {
  const fern = aPlant({
    healthStatus: 'Needs Care',
    care: { fertilize: { frequency: null, lastDate: null, nextDate: '2026-03-10', intervalDays: null } },
  });
  const describeIn = async (language: 'es' | 'de' | 'fr') => {
    const text = renderWateringCalendar(
      [fern],
      SITE,
      () => ({ uid: 'ana', displayName: 'Ana' }),
      () => 'Salon',
      await translatorFor(language),
    );
    const { calendar, events } = parse(text);
    return {
      name: calendar.getFirstPropertyValue('x-wr-calname'),
      prodId: calendar.getFirstPropertyValue('prodid'),
      events: events.map((vevent) => {
        const event = new ICAL.Event(vevent);
        const alarm = vevent.getFirstSubcomponent('valarm')!;
        return [event.summary, event.description, alarm.getFirstPropertyValue('description')];
      }),
    };
  };

  it('names the calendar, its events, their reminders and their details in French', async () => {
    expect(await describeIn('fr')).toEqual({
      name: 'Mango Grove Tracker\u00a0: entretien des plantes',
      prodId: '-//Mango Grove Tracker//Plant care reminders//FR',
      events: [
        [
          'Arroser Boston Fern',
          'Fréquence d’arrosage\u00a0: Every 3 days\nÉtat de santé\u00a0: Besoin de soins\nEmplacement\u00a0: Salon\nDe service\u00a0: Ana',
          'Arroser Boston Fern',
        ],
        [
          'Fertiliser Boston Fern',
          'Fréquence de fertilisation\u00a0: non définie\nÉtat de santé\u00a0: Besoin de soins\nEmplacement\u00a0: Salon\nDe service\u00a0: Ana',
          'Fertiliser Boston Fern',
        ],
      ],
    });
  });

  it('puts the plant where German puts it, and shows a health status it does not know as written', async () => {
    const german = await describeIn('de');
    expect(german.events.map(([summary]) => summary)).toEqual(['Boston Fern gießen', 'Boston Fern düngen']);
    const { events } = parse(
      renderWateringCalendar(
        [aPlant({ healthStatus: 'Thriving' })],
        SITE,
        undefined,
        undefined,
        await translatorFor('es'),
      ),
    );
    expect(new ICAL.Event(events[0]!).description).toBe('Frecuencia de riego: Every 3 days\nEstado de salud: Thriving');
  });

  it("words a household's rota in its person's language, its dates as they are", async () => {
    const text = renderHouseholdCalendar(
      'house1',
      [
        { from: '2026-03-02', until: '2026-03-08', uid: 'ana', displayName: 'Ana' },
        { from: '2026-03-09', until: '2026-03-09', uid: 'ben', displayName: 'Ben' },
      ] as DutyPeriod[],
      [],
      SITE,
      () => null,
      undefined,
      await translatorFor('es'),
    );
    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Mango Grove Tracker: turnos del hogar');
    expect(events.map((vevent) => [new ICAL.Event(vevent).summary, new ICAL.Event(vevent).description])).toEqual([
      ['De turno: Ana', 'Ana cuida las plantas compartidas del hogar del 2026-03-02 al 2026-03-08.'],
      ['De turno: Ben', 'Ben cuida las plantas compartidas del hogar el 2026-03-09.'],
    ]);
  });
});
