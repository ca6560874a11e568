import type { AddressInfo } from 'node:net';
import { Timestamp } from 'firebase-admin/firestore';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/config/limits';
import type { ReminderDelivery } from '../src/config/reminders';
import { getDb } from '../src/lib/firebase';
import { REMINDERS_COLLECTION } from '../src/reminders/reminders.repository';
import { testApp } from './support/app';
import { jobsAt } from './support/digest-jobs';
import { joinHousehold, startHousehold } from './support/households';
import { mailsTo } from './support/inbox';
import { aPlant } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

/*
 * The daily digest's runs, at times the test sets (all after the real clock, so the stack's own
 * scheduled runs never take these people): a digest found inside quiet hours, a rota whose turn is
 * someone else's with more than a page due, and two runs of one task at once.
 */

const gardener = (name: string) => createTestUser(name, { emailVerified: true });

const putSettings = (user: TestUser, body: object, on = testApp()) =>
  request(on).put('/mango/reminders/settings').set(bearer(user)).send(body);

const storedSettings = async (uid: string) =>
  (await getDb().collection(REMINDERS_COLLECTION).doc(uid).get()).data() ?? {};

/** A plant whose watering is next due on `next` (last watered long before). */
const duePlant = (name: string, next: string, extra: object = {}) =>
  aPlant({
    plantName: name,
    wateringFrequency: 'Every 3 days',
    lastWateredDate: '2026-01-01',
    nextWateringDate: next,
    ...extra,
  });

const digestLines = (text: string) => text.split('\n').filter((line) => line.startsWith('- '));

describe('a digest found inside quiet hours', () => {
  it('set for 21:50 with quiet hours 22:00-07:00: found at 22:00, it goes at 07:00 the next morning, for its own day', async () => {
    const user = await gardener('Evening Gardener');
    // Berlin in September is UTC+2: 21:50 is 19:50 UTC, 22:00 is 20:00 UTC, 07:00 is 05:00 UTC.
    const owner = testApp({ clock: () => new Date('2027-09-06T10:00:00Z') });
    await createPlantAs(owner, user, duePlant('Evening Fern', '2027-09-05'));
    await createPlantAs(owner, user, duePlant('Evening Basil', '2027-09-06'));
    await createPlantAs(owner, user, duePlant('Morning Palm', '2027-09-07'));
    await putSettings(
      user,
      {
        timeZone: 'Europe/Berlin',
        time: '21:50',
        quietHours: { from: '22:00', to: '07:00' },
        channels: { email: true },
      },
      owner,
    ).expect(200);

    // The scheduled run after 21:50 comes at 22:00: inside the quiet hours, so nothing goes now...
    const run = jobsAt('2027-09-06T20:00:00Z');
    const [evening] = await run.digestsOf(user);
    expect(evening).toMatchObject({ day: '2027-09-06', dueAt: '2027-09-06T19:50:00.000Z' });
    expect(await run.jobs.sendDigest(evening!)).toEqual({ sent: { push: 0, email: 0 }, skipped: 'quiet-hours' });
    expect(await mailsTo(user.email)).toEqual([]);
    // ...and it is planned for the end of the quiet hours, still for the 6th.
    const held = await storedSettings(user.uid);
    expect(held.nextDigestAt.toDate().toISOString()).toBe('2027-09-07T05:00:00.000Z');
    expect(held.nextDigestDay).toBe('2027-09-06');
    expect(held.lastDigestDay).toBeUndefined();

    run.at('2027-09-07T04:45:00Z');
    expect(await run.digestsOf(user)).toEqual([]);
    run.at('2027-09-07T05:00:00Z');
    const [morning] = await run.digestsOf(user);
    expect(morning).toMatchObject({ day: '2027-09-06', dueAt: '2027-09-07T05:00:00.000Z' });
    expect(await run.jobs.sendDigest(morning!)).toEqual({ sent: { push: 0, email: 1 } });
    const [mail] = await mailsTo(user.email);
    // The 6th's jobs (not the 7th's palm), as late as they are on the morning it arrives.
    expect(digestLines(mail!.text)).toEqual([
      '- Evening Fern: water (2 days overdue)',
      '- Evening Basil: water (1 day overdue)',
    ]);
    const sent = await storedSettings(user.uid);
    expect(sent.lastDigestDay).toBe('2027-09-06');
    expect(sent.nextDigestDay).toBeUndefined();
    expect(sent.nextDigestAt.toDate().toISOString()).toBe('2027-09-07T19:50:00.000Z');

    // Run again (Cloud Tasks may): nothing more for the 6th.
    expect(await run.jobs.sendDigest(morning!)).toMatchObject({ skipped: 'already-sent' });
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('with quiet hours that end the same day, goes at their end that day', async () => {
    const user = await gardener('Lunch Gardener');
    const owner = testApp({ clock: () => new Date('2027-09-08T06:00:00Z') });
    await createPlantAs(owner, user, duePlant('Lunch Fern', '2027-09-08'));
    await putSettings(
      user,
      { timeZone: 'UTC', time: '12:50', quietHours: { from: '13:00', to: '14:00' }, channels: { email: true } },
      owner,
    ).expect(200);

    const run = jobsAt('2027-09-08T13:00:00Z');
    const [found] = await run.digestsOf(user);
    expect(await run.jobs.sendDigest(found!)).toEqual({ sent: { push: 0, email: 0 }, skipped: 'quiet-hours' });
    expect((await storedSettings(user.uid)).nextDigestAt.toDate().toISOString()).toBe('2027-09-08T14:00:00.000Z');

    run.at('2027-09-08T13:45:00Z');
    expect(await run.digestsOf(user)).toEqual([]);
    run.at('2027-09-08T14:00:00Z');
    const [atEnd] = await run.digestsOf(user);
    expect(atEnd).toMatchObject({ day: '2027-09-08' });
    expect(await run.jobs.sendDigest(atEnd!)).toEqual({ sent: { push: 0, email: 1 } });
    expect(digestLines((await mailsTo(user.email))[0]!.text)).toEqual(['- Lunch Fern: water (due today)']);
    expect((await storedSettings(user.uid)).nextDigestAt.toDate().toISOString()).toBe('2027-09-09T12:50:00.000Z');
  });

  it('held past quiet hours, is not sent when its run comes hours after they ended (the stack was down)', async () => {
    const user = await gardener('Held Gardener');
    const owner = testApp({ clock: () => new Date('2027-09-09T06:00:00Z') });
    await createPlantAs(owner, user, duePlant('Held Fern', '2027-09-09'));
    await putSettings(
      user,
      { timeZone: 'UTC', time: '21:50', quietHours: { from: '22:00', to: '07:00' }, channels: { email: true } },
      owner,
    ).expect(200);
    const run = jobsAt('2027-09-09T22:00:00Z');
    const [found] = await run.digestsOf(user);
    expect(await run.jobs.sendDigest(found!)).toMatchObject({ skipped: 'quiet-hours' });
    run.at('2027-09-10T07:00:00Z');
    const [held] = await run.digestsOf(user);
    run.at('2027-09-10T09:30:00Z');
    expect(await run.jobs.sendDigest(held!)).toEqual({ sent: { push: 0, email: 0 }, skipped: 'stale' });
    expect(await mailsTo(user.email)).toEqual([]);
    const closed = await storedSettings(user.uid);
    expect(closed.lastDigestDay).toBe('2027-09-09');
    expect(closed.nextDigestAt.toDate().toISOString()).toBe('2027-09-10T21:50:00.000Z');
  });
});

describe('the digest of a household with a rotation, more than a page due', () => {
  it("lists Ana's own plants and the job handed on to her when 200 shared plants overdue are Bob's turn", async () => {
    const [ana, bob] = (await Promise.all([gardener('Page Ana'), gardener('Page Bob')])) as [TestUser, TestUser];
    let now = new Date('2027-09-13T05:00:00Z');
    const app = testApp({
      clock: () => now,
      limits: { ...DEFAULT_LIMITS, writeBurst: 1000, writesPerMinute: 60_000 },
    });
    await startHousehold(app, ana);
    await joinHousehold(app, ana, bob);
    // Bob's week from Monday the 13th, then Ana's: Ana is the next person of the rotation.
    await request(app)
      .put('/mango/household/duty')
      .set(bearer(ana))
      .send({ mode: 'rotation', rotation: [bob.uid, ana.uid], period: 'week', startsOn: '2027-09-13' })
      .expect(200);

    // 200 shared plants overdue since before Bob's week, half of them Ana's own: all Bob's to do.
    const bodies = Array.from(
      { length: 200 },
      (_, i) => [i % 2 ? bob : ana, duePlant(`Shared ${i}`, '2027-09-10')] as const,
    );
    for (let start = 0; start < bodies.length; start += 10)
      await Promise.all(bodies.slice(start, start + 10).map(([owner, body]) => createPlantAs(app, owner, body)));
    // Ana's own plants, not shared with the household: hers whoever's turn it is.
    await createPlantAs(app, ana, duePlant('Own Fern', '2027-09-14', { shared: false }));
    await createPlantAs(app, ana, duePlant('Own Basil', '2027-09-15', { shared: false }));
    await createPlantAs(app, ana, duePlant('Own Aloe', '2027-09-15', { shared: false }));
    // A shared job 2 days late on the 15th: handed on from Bob to Ana, the next person.
    await createPlantAs(app, bob, duePlant('Handed Ivy', '2027-09-13'));

    now = new Date('2027-09-15T05:00:00Z');
    for (const user of [ana, bob])
      await putSettings(user, { timeZone: 'UTC', time: '08:00', channels: { email: true } }, app).expect(200);
    const run = jobsAt('2027-09-15T08:00:00Z');
    // One scheduled run finds both (a second at the same moment would be refused as the same batch).
    const [anas] = await run.digestsOf(ana);
    const [bobs] = await run.digestsOf(bob, { again: false });
    expect(await run.jobs.sendDigest(anas!)).toEqual({ sent: { push: 0, email: 1 } });
    expect(digestLines((await mailsTo(ana.email))[0]!.text)).toEqual([
      "- Handed Ivy: water (2 days overdue on Page Bob's turn)",
      '- Own Fern: water (1 day overdue)',
      '- Own Aloe: water (due today)',
      '- Own Basil: water (due today)',
    ]);

    // Bob's digest, on his turn: the shared plants (a page of them, the most overdue first), none of Ana's own.
    expect(await run.jobs.sendDigest(bobs!)).toEqual({ sent: { push: 0, email: 1 } });
    const bobLines = digestLines((await mailsTo(bob.email))[0]!.text);
    expect(bobLines).toHaveLength(100);
    expect(bobLines.every((line) => /^- Shared \d+: water \(5 days overdue\)$/.test(line))).toBe(true);
  }, 180_000);
});

describe('two runs of one digest task', () => {
  /** A plant overdue, email on at 06:00 UTC; the digest task of `iso`'s run. */
  async function aDigestDue(name: string, iso: string, delivery?: Partial<ReminderDelivery>) {
    const user = await gardener(name);
    const owner = testApp({ clock: () => new Date(Date.parse(iso) - 60 * 60_000) });
    await createPlantAs(owner, user, duePlant(`${name} Fern`, iso.slice(0, 10)));
    await putSettings(user, { timeZone: 'UTC', time: iso.slice(11, 16), channels: { email: true } }, owner).expect(200);
    const run = jobsAt(iso, delivery);
    const [task] = await run.digestsOf(user);
    return { user, run, task: task! };
  }

  it('a retry that finds the lease of another run sends nothing and fails, then sends once the lease has passed', async () => {
    const { user, run, task } = await aDigestDue('Leased Gardener', '2027-09-20T06:00:00Z');
    // Another run of the task claimed the day and is still sending: its lease runs 5 minutes.
    await getDb()
      .collection(REMINDERS_COLLECTION)
      .doc(user.uid)
      .update({
        lastDigestDay: task.day,
        delivery: {
          day: task.day,
          push: [],
          email: true,
          lease: { id: 'the-other-run', until: Timestamp.fromDate(new Date('2027-09-20T06:05:00Z')) },
        },
      });
    run.at('2027-09-20T06:01:00Z');
    await expect(run.jobs.sendDigest(task)).rejects.toThrow(/Another run of this digest is delivering it/);
    expect(await mailsTo(user.email)).toEqual([]);
    expect((await storedSettings(user.uid)).delivery).toMatchObject({ email: true, lease: { id: 'the-other-run' } });

    // Cloud Tasks runs it again after its wait; the other run never recorded anything (it crashed).
    run.at('2027-09-20T06:07:00Z');
    expect(await run.jobs.sendDigest(task)).toEqual({ sent: { push: 0, email: 1 } });
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect((await storedSettings(user.uid)).delivery).toBeUndefined();
  });

  it('two runs at once, the first held up by a slow mail server, send one email', async () => {
    // A mail server that holds the first message until released, as a slow relay does, and takes others at once.
    const received: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstArrived = false;
    const server = new SMTPServer({
      authOptional: true,
      closeTimeout: 100,
      disabledCommands: ['STARTTLS'],
      onData: (stream, session, callback) => {
        const first = !firstArrived;
        firstArrived = true;
        stream.resume();
        stream.on('end', () => {
          received.push(session.envelope.rcptTo[0]!.address);
          if (first) void held.then(() => callback());
          else callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const port = (server.server.address() as AddressInfo).port;
    let first: Promise<unknown> | undefined;
    try {
      const { user, run, task } = await aDigestDue('Slow Relay Gardener', '2027-09-21T06:00:00Z', {
        smtpUrl: `smtp://127.0.0.1:${port}`,
      });
      first = run.jobs.sendDigest(task);
      await expect.poll(() => firstArrived, { timeout: 10_000, interval: 50 }).toBe(true);
      // The task's 60 s have passed for Cloud Tasks, which runs it again while the first still sends.
      run.at('2027-09-21T06:01:30Z');
      await expect(run.jobs.sendDigest(task)).rejects.toThrow(/Another run of this digest is delivering it/);
      release();
      expect(await first).toEqual({ sent: { push: 0, email: 1 } });
      expect(received).toEqual([user.email]);
      expect((await storedSettings(user.uid)).delivery).toBeUndefined();
      // Cloud Tasks' next try finds it delivered.
      run.at('2027-09-21T06:04:00Z');
      expect(await run.jobs.sendDigest(task)).toMatchObject({ skipped: 'already-sent' });
      expect(received).toHaveLength(1);
    } finally {
      release();
      await first?.catch(() => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
