import ICAL from 'ical.js';
import { DEFAULT_LIMITS } from '../src/config/limits';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CALENDAR_FEEDS_COLLECTION } from '../src/calendar/calendar.repository';
import { hashFeedSecret } from '../src/calendar/calendar.service';
import { getDb } from '../src/lib/firebase';
import { addDays, utcToday } from '../src/model';
import { testApp } from './support/app';
import { FUNCTION_URL, HOSTING_URL } from './support/emulators';
import { aPlant, anUpdate } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer, forgeToken } from './support/users';

const app = testApp();
/**
 * The Host every request here names. Supertest serves each request on a new port, and the feed's
 * links carry the host the request came through, so without a fixed one no two feeds would match.
 */
const HOST = 'mango-grove.test';
const FEED_URL = /^http:\/\/mango-grove\.test\/mango\/calendar\/([A-Za-z0-9_-]{43})$/;

/** supertest against createApp(), as a browser on HOST would call it. */
const call = (method: 'get' | 'post' | 'put' | 'delete', path: string) => request(app)[method](path).set('Host', HOST);

async function feedUrlOf(user: TestUser): Promise<string> {
  const response = await call('get', '/mango/calendar').set(bearer(user)).expect(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  expect(Object.keys(response.body as object)).toEqual(['url']);
  return (response.body as { url: string }).url;
}

const pathOf = (url: string) => new URL(url).pathname;
const secretOf = (url: string) => pathOf(url).split('/').pop()!;

/** The feed as a calendar app fetches it: no token. */
const fetchFeed = (url: string) => call('get', pathOf(url));

/** The feed's events, read by an independent parser (ical.js), by the plant id their UID starts with. */
function eventsOf(text: string): Map<string, ICAL.Component> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  const events = new Map<string, ICAL.Component>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = String(vevent.getFirstPropertyValue('uid'));
    const plantId = /^([A-Za-z0-9]{20})/.exec(uid)?.[1];
    expect(plantId, uid).toBeDefined();
    events.set(plantId!, vevent);
  }
  return events;
}

const startOf = (vevent: ICAL.Component) => {
  const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
  expect(start.isDate).toBe(true);
  return start.toString();
};

describe('GET /mango/calendar', () => {
  it('needs a token: 401 without one or with one that does not verify, and makes nothing', async () => {
    const user = await createTestUser('Tokenless Gardener');
    const anonymous = await call('get', '/mango/calendar').expect(401);
    expect(anonymous.body.error.code).toBe('unauthenticated');
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    const expired = forgeToken(user.idToken, (claims) => ({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }));
    await call('get', '/mango/calendar')
      .set(bearer({ idToken: expired }))
      .expect(401);
    await call('post', '/mango/calendar/rotate').expect(401);
    expect((await getDb().collection(CALENDAR_FEEDS_COLLECTION).doc(user.uid).get()).exists).toBe(false);
  });

  it("answers the absolute URL of the user's feed, the same on every call, and stores only a hash of its secret", async () => {
    const user = await createTestUser('Subscriber');
    const url = await feedUrlOf(user);
    expect(url).toMatch(FEED_URL);
    expect(await feedUrlOf(user)).toBe(url);

    const stored = (await getDb().collection(CALENDAR_FEEDS_COLLECTION).doc(user.uid).get()).data()!;
    expect(stored.secretHash).toBe(hashFeedSecret(secretOf(url)));
    expect(JSON.stringify(stored)).not.toContain(secretOf(url));

    const other = await createTestUser('Other Subscriber');
    expect(await feedUrlOf(other)).not.toBe(url);
  });

  it('uses the host and protocol a proxy names in X-Forwarded-Host and X-Forwarded-Proto', async () => {
    const user = await createTestUser('Proxied Subscriber');
    const response = await request(app)
      .get('/mango/calendar')
      .set(bearer(user))
      .set('X-Forwarded-Host', 'plants.example.test')
      .set('X-Forwarded-Proto', 'https')
      .expect(200);
    expect(response.body.url).toMatch(/^https:\/\/plants\.example\.test\/mango\/calendar\/[A-Za-z0-9_-]{43}$/);
    // A forwarded host that is not a host name is ignored.
    const odd = await call('get', '/mango/calendar')
      .set(bearer(user))
      .set('X-Forwarded-Host', 'evil.test/path?x=')
      .expect(200);
    expect(odd.body.url).toMatch(FEED_URL);
  });

  it('gives concurrent first calls one URL, and that URL works', async () => {
    const user = await createTestUser('Eager Subscriber');
    await createPlantAs(app, user, aPlant({ plantName: 'Race Fern' }));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('get', '/mango/calendar').set(bearer(user))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const urls = new Set(answers.map((answer) => (answer.body as { url: string }).url));
    expect(urls.size).toBe(1);
    const [url] = [...urls];
    expect(await feedUrlOf(user)).toBe(url);
    const feed = await fetchFeed(url!).expect(200);
    expect(feed.text).toContain('SUMMARY:Water Race Fern');
  });
});

describe('GET <feed url>', () => {
  it("speaks its owner's language, as their reminder settings keep it", async () => {
    const owner = await createTestUser('Feed Lectora');
    const fern = await createPlantAs(
      app,
      owner,
      aPlant({ plantName: 'Helecho', wateringFrequency: 'Every 3 days', nextWateringDate: '2026-03-04' }),
    );
    const url = await feedUrlOf(owner);
    expect(new ICAL.Event(eventsOf((await fetchFeed(url).expect(200)).text).get(fern)!).summary).toBe('Water Helecho');
    await call('put', '/mango/reminders/settings').set(bearer(owner)).send({ language: 'es' }).expect(200);
    const text = (await fetchFeed(url).expect(200)).text;
    expect(new ICAL.Component(ICAL.parse(text)).getFirstPropertyValue('x-wr-calname')).toBe(
      'Mango Grove Tracker: cuidado de plantas',
    );
    expect(new ICAL.Event(eventsOf(text).get(fern)!).summary).toBe('Regar Helecho');
  });

  it("answers the user's watering schedule as RFC 5545 text/calendar: one event per scheduled plant, with RRULE and VALARM", async () => {
    const [owner, stranger] = await Promise.all([createTestUser('Feed Owner'), createTestUser('Feed Stranger')]);
    const fern = await createPlantAs(
      app,
      owner,
      aPlant({
        plantName: 'Feed Fern',
        wateringFrequency: 'Every 3 days',
        healthStatus: 'Needs Care',
        nextWateringDate: '2026-03-04',
      }),
    );
    const mint = await createPlantAs(
      app,
      owner,
      aPlant({ plantName: 'Feed Mint', wateringFrequency: 'when the soil is dry', nextWateringDate: '2026-03-06' }),
    );
    const unscheduled = await createPlantAs(app, owner, { plantName: 'Feed Cactus', category: 'succulent' });
    const notMine = await createPlantAs(app, stranger, aPlant({ plantName: 'Stranger Fern' }));

    const url = await feedUrlOf(owner);
    const response = await fetchFeed(url).expect(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    const text = response.text;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    const events = eventsOf(text);
    expect([...events.keys()].sort()).toEqual([fern, mint].sort());
    expect(events.has(unscheduled)).toBe(false);
    expect(events.has(notMine)).toBe(false);

    const fernEvent = events.get(fern)!;
    expect(new ICAL.Event(fernEvent).summary).toBe('Water Feed Fern');
    expect(startOf(fernEvent)).toBe('2026-03-04');
    expect(fernEvent.getFirstPropertyValue('description')).toBe(
      'Watering frequency: Every 3 days\nHealth status: Needs Care',
    );
    expect(fernEvent.getFirstPropertyValue('url')).toBe(`${new URL(url).origin}/plant/${fern}`);
    const rule = fernEvent.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect([rule.freq, rule.interval]).toEqual(['DAILY', 3]);
    const [alarm] = fernEvent.getAllSubcomponents('valarm');
    expect(alarm!.getFirstPropertyValue('action')).toBe('DISPLAY');
    const trigger = alarm!.getFirstProperty('trigger')!;
    expect(trigger.getParameter('related')).toBe('START');
    expect((trigger.getFirstValue() as ICAL.Duration).toSeconds()).toBeGreaterThanOrEqual(0);
    expect((trigger.getFirstValue() as ICAL.Duration).toSeconds()).toBeLessThan(24 * 60 * 60);

    // "when the soil is dry" has no interval the server understands: no recurrence.
    expect(events.get(mint)!.getFirstProperty('rrule')).toBeNull();
    expect(events.get(mint)!.getAllSubcomponents('valarm')).toHaveLength(1);
  });

  it('folds a long name at 75 octets and escapes it as RFC 5545 says', async () => {
    const owner = await createTestUser('Long Namer');
    const plantName = `Monstera; "deliciosa", the swiss\\cheese plant 🌿 from grandmother's ${'ü'.repeat(30)}`;
    const id = await createPlantAs(app, owner, aPlant({ plantName }));
    const { text } = await fetchFeed(await feedUrlOf(owner)).expect(200);
    const lines = text.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    const summaryAt = lines.findIndex((line) => line.startsWith('SUMMARY:'));
    expect(lines[summaryAt]).toMatch(/^SUMMARY:Water Monstera\\; "deliciosa"\\, the swiss\\\\cheese/);
    expect(lines[summaryAt + 1]!.startsWith(' ')).toBe(true);
    expect(new ICAL.Event(eventsOf(text).get(id)!).summary).toBe(`Water ${plantName}`);
  });

  it('follows a watering: the event moves to the new date with the same UID, and the ETag changes', async () => {
    const owner = await createTestUser('Feed Waterer');
    const id = await createPlantAs(
      app,
      owner,
      aPlant({
        plantName: 'Moving Fern',
        wateringFrequency: 'Every 3 days',
        lastWateredDate: '2026-03-01',
        nextWateringDate: '2026-03-04',
      }),
    );
    const url = await feedUrlOf(owner);
    const before = await fetchFeed(url).expect(200);
    const beforeEvent = eventsOf(before.text).get(id)!;
    expect(startOf(beforeEvent)).toBe('2026-03-04');

    // Unchanged: 304 without a body.
    const unchanged = await fetchFeed(url).set('If-None-Match', before.headers.etag!).expect(304);
    expect(unchanged.text).toBe('');
    expect(unchanged.headers.etag).toBe(before.headers.etag);

    await call('post', `/mango/${id}/care/water`).set(bearer(owner)).send({ date: '2026-03-05' }).expect(200);
    const after = await fetchFeed(url).set('If-None-Match', before.headers.etag!).expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const afterEvent = eventsOf(after.text).get(id)!;
    expect(afterEvent.getFirstPropertyValue('uid')).toBe(beforeEvent.getFirstPropertyValue('uid'));
    expect(startOf(afterEvent)).toBe('2026-03-08');
    await fetchFeed(url).set('If-None-Match', after.headers.etag!).expect(304);

    // An edit and a deletion show too.
    await call('put', `/mango/${id}`)
      .set(bearer(owner))
      .send(anUpdate({ plantName: 'Renamed Fern', wateringFrequency: 'Weekly', nextWateringDate: '2026-04-02' }))
      .expect(200);
    const edited = eventsOf((await fetchFeed(url).expect(200)).text).get(id)!;
    expect([
      new ICAL.Event(edited).summary,
      startOf(edited),
      (edited.getFirstPropertyValue('rrule') as ICAL.Recur).interval,
    ]).toEqual(['Water Renamed Fern', '2026-04-02', 7]);
    await call('delete', `/mango/${id}`).set(bearer(owner)).expect(200);
    expect(eventsOf((await fetchFeed(url).expect(200)).text).size).toBe(0);
  });
});

describe('care tasks in the feed', () => {
  /** Every event of the feed by its UID, read by ical.js. */
  function eventsByUid(text: string): Map<string, ICAL.Component> {
    const calendar = new ICAL.Component(ICAL.parse(text));
    return new Map(
      calendar.getAllSubcomponents('vevent').map((vevent) => [String(vevent.getFirstPropertyValue('uid')), vevent]),
    );
  }

  it('has a repeating event series per plant and tracked task with a next date, each with its own stable UID and a reminder on the day', async () => {
    const owner = await createTestUser('Care Subscriber');
    const fern = await createPlantAs(
      app,
      owner,
      aPlant({
        plantName: 'Feed Monstera',
        wateringFrequency: 'Every 3 days',
        nextWateringDate: '2026-03-04',
        care: {
          fertilize: { frequency: 'Monthly', nextDate: '2026-03-10' },
          repot: { frequency: 'every 2 years', nextDate: '2027-04-01' },
          prune: { frequency: 'when leggy' },
        },
      }),
    );
    // Only care schedules, no watering date: it is in the feed too.
    const cactus = await createPlantAs(app, owner, {
      plantName: 'Feed Cactus',
      category: 'succulent',
      care: { mist: { frequency: 'weekly', nextDate: '2026-03-06' } },
    });
    const url = await feedUrlOf(owner);
    const first = await fetchFeed(url).expect(200);
    const events = eventsByUid(first.text);
    expect([...events.keys()].sort()).toEqual(
      [
        `${fern}-watering@mango-grove-tracker`,
        `${fern}-fertilize@mango-grove-tracker`,
        `${fern}-repot@mango-grove-tracker`,
        `${cactus}-mist@mango-grove-tracker`,
      ].sort(),
    );
    const expected = [
      [
        `${fern}-watering@mango-grove-tracker`,
        'Water Feed Monstera',
        '2026-03-04',
        3,
        'Watering frequency: Every 3 days',
      ],
      [
        `${fern}-fertilize@mango-grove-tracker`,
        'Fertilize Feed Monstera',
        '2026-03-10',
        30,
        'Fertilizing frequency: Monthly',
      ],
      [
        `${fern}-repot@mango-grove-tracker`,
        'Repot Feed Monstera',
        '2027-04-01',
        730,
        'Repotting frequency: every 2 years',
      ],
      [`${cactus}-mist@mango-grove-tracker`, 'Mist Feed Cactus', '2026-03-06', 7, 'Misting frequency: weekly'],
    ] as const;
    for (const [uid, summary, start, interval, frequency] of expected) {
      const vevent = events.get(uid)!;
      expect(new ICAL.Event(vevent).summary).toBe(summary);
      expect(startOf(vevent)).toBe(start);
      expect(String(vevent.getFirstPropertyValue('description')).split('\n')[0]).toBe(frequency);
      const rule = vevent.getFirstPropertyValue('rrule') as ICAL.Recur;
      expect([rule.freq, rule.interval]).toEqual(['DAILY', interval]);
      const [alarm] = vevent.getAllSubcomponents('valarm');
      expect(alarm!.getFirstPropertyValue('action')).toBe('DISPLAY');
      expect(alarm!.getFirstProperty('trigger')!.getParameter('related')).toBe('START');
    }

    // Doing a task moves its event under the same UID; stopping it removes the event.
    await call('post', `/mango/${fern}/care/fertilize`).set(bearer(owner)).send({ date: '2026-03-09' }).expect(200);
    const moved = eventsByUid((await fetchFeed(url).set('If-None-Match', first.headers.etag!).expect(200)).text);
    expect(startOf(moved.get(`${fern}-fertilize@mango-grove-tracker`)!)).toBe('2026-04-08');
    const plant = (await call('get', `/mango/${fern}`).set(bearer(owner)).expect(200)).body;
    await call('put', `/mango/${fern}`)
      .set(bearer(owner))
      .send({ ...plant, care: { repot: null } })
      .expect(200);
    expect(eventsByUid((await fetchFeed(url).expect(200)).text).has(`${fern}-repot@mango-grove-tracker`)).toBe(false);
  });

  it('has an event for a schedule sent without a next date: the server gives it one from its last date and interval', async () => {
    const owner = await createTestUser('Dateless Subscriber');
    const today = utcToday();
    const id = await createPlantAs(app, owner, {
      plantName: 'Dateless Fern',
      category: 'fern',
      wateringFrequency: 'Every 4 days',
      care: { fertilize: { frequency: 'monthly', lastDate: today, nextDate: null } },
    });
    const events = eventsByUid((await fetchFeed(await feedUrlOf(owner)).expect(200)).text);
    const start = (task: string) => startOf(events.get(`${id}-${task}@mango-grove-tracker`)!);
    expect([start('watering'), start('fertilize')]).toEqual([addDays(today, 4), addDays(today, 30)]);
  });
});

describe('POST /mango/calendar/rotate', () => {
  it('answers a new URL; the old one answers 404 from then on, and GET answers the new one', async () => {
    const owner = await createTestUser('Rotator');
    await createPlantAs(app, owner, aPlant({ plantName: 'Rotated Fern' }));
    const old = await feedUrlOf(owner);
    await fetchFeed(old).expect(200);

    const response = await call('post', '/mango/calendar/rotate').set(bearer(owner)).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const rotated = (response.body as { url: string }).url;
    expect(rotated).toMatch(FEED_URL);
    expect(rotated).not.toBe(old);

    const gone = await fetchFeed(old).expect(404);
    expect(gone.headers['cache-control']).toBe('no-store');
    expect((await fetchFeed(rotated).expect(200)).text).toContain('SUMMARY:Water Rotated Fern');
    expect(await feedUrlOf(owner)).toBe(rotated);
  });

  it('two resets at once are made one after the other: one URL works, the other two answer 404', async () => {
    const owner = await createTestUser('Double Rotator');
    const old = await feedUrlOf(owner);
    const [first, second] = await Promise.all([
      call('post', '/mango/calendar/rotate').set(bearer(owner)),
      call('post', '/mango/calendar/rotate').set(bearer(owner)),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const current = await feedUrlOf(owner);
    expect([first.body.url, second.body.url]).toContain(current);
    await fetchFeed(current).expect(200);
    for (const url of [old, first.body.url, second.body.url].filter((url) => url !== current))
      await fetchFeed(url).expect(404);
  });

  it("counts a reset against the account's write budget: 429 with Retry-After, the link unchanged", async () => {
    const owner = await createTestUser('Eager Rotator');
    const limited = testApp({ limits: { ...DEFAULT_LIMITS, writeBurst: 1, writesPerMinute: 1 } });
    await request(limited).post('/mango/calendar/rotate').set(bearer(owner)).set('Host', HOST).expect(200);
    const kept = await feedUrlOf(owner);
    const refused = await request(limited)
      .post('/mango/calendar/rotate')
      .set(bearer(owner))
      .set('Host', HOST)
      .expect(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.headers['retry-after']).toBe('60');
    expect(await feedUrlOf(owner)).toBe(kept);
  });

  it('allows only POST', async () => {
    const owner = await createTestUser('Wrong Method');
    const response = await call('get', '/mango/calendar/rotate').set(bearer(owner)).expect(405);
    expect(response.headers.allow).toBe('POST');
    await call('delete', '/mango/calendar').set(bearer(owner)).expect(405);
  });
});

describe('bad feed secrets', () => {
  it('answers 400 for a malformed secret and the same 404 for an unknown or a reset one: never 5xx, nothing about accounts', async () => {
    const owner = await createTestUser('Reset Owner');
    const reset = await feedUrlOf(owner);
    await call('post', '/mango/calendar/rotate').set(bearer(owner)).expect(200);

    const unknown = await call('get', `/mango/calendar/${'A'.repeat(43)}`).expect(404);
    const rotated = await fetchFeed(reset).expect(404);
    expect(rotated.body).toEqual(unknown.body);
    expect(unknown.body.error.code).toBe('not_found');
    expect(unknown.body.error.message).not.toMatch(/account|user|email/i);

    for (const bad of [
      'short',
      'A'.repeat(44),
      `${'A'.repeat(42)}%2B`,
      `${'A'.repeat(42)}.`,
      '%00',
      `${secretOf(reset)}.ics`,
    ]) {
      const response = await call('get', `/mango/calendar/${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.body.error.code).toBe('invalid_calendar_link');
    }
    // A token, even a bad one, changes nothing: the feed does not read it.
    await call('get', `/mango/calendar/${'A'.repeat(43)}`)
      .set('Authorization', 'Bearer nonsense')
      .expect(404);
    await call('get', `/mango/calendar/${'A'.repeat(43)}/more`).expect(404);
  });
});

describe.each([
  ['the Hosting rewrite', HOSTING_URL],
  ['the Functions emulator', FUNCTION_URL],
])('through %s', (where, base) => {
  it('answers the feed URL, and the feed with its ETag and 304', async () => {
    const owner = await createTestUser('Runtime Subscriber');
    const id = await createPlantAs(app, owner, aPlant({ plantName: 'Runtime Feed Fern' }));
    const answer = await fetch(`${base}/mango/calendar`, { headers: bearer(owner) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const { url } = (await answer.json()) as { url: string };
    // The same secret as createApp() answers: one key, one database.
    expect(secretOf(url)).toBe(secretOf(await feedUrlOf(owner)));

    const feedAt = where === 'the Hosting rewrite' ? url : `${base}${pathOf(url)}`;
    if (where === 'the Hosting rewrite') expect(new URL(url).origin).toBe(new URL(HOSTING_URL).origin);
    const feed = await fetch(feedAt);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('private, no-cache');
    const text = await feed.text();
    const event = eventsOf(text).get(id)!;
    expect(event.getFirstPropertyValue('url')).toBe(`${new URL(url).origin}/plant/${id}`);
    const revalidated = await fetch(feedAt, { headers: { 'If-None-Match': feed.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);

    const bad = await fetch(`${base}/mango/calendar/${'B'.repeat(43)}`);
    expect(bad.status).toBe(404);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});
