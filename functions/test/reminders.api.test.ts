import { createECDH } from 'node:crypto';
import request from 'supertest';
import { logger } from 'firebase-functions/logger';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runScheduledFunction } from '../../scripts/lib/scheduler.mjs';
import { reminderDeliveryFromParams } from '../src/config/reminders';
import type { DigestTask } from '../src/reminders/reminders.service';
import { RUNTIME_OPTIONS } from '../src/config/runtime';
import { getAdminAuth, getDb } from '../src/lib/firebase';
import {
  PUSH_SUBSCRIPTIONS_COLLECTION,
  REMINDERS_COLLECTION,
  subscriptionId,
} from '../src/reminders/reminders.repository';
import { testApp } from './support/app';
import { jobsAt } from './support/digest-jobs';
import { joinHousehold, startHousehold } from './support/households';
import { FUNCTIONS_EMULATOR_URL, PROJECT_ID } from './support/emulators';
import { mailsTo } from './support/inbox';
import { aPlant } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs } from './support/plants';
import { startPushReceiver } from './support/push-receiver';
import { createAnonymousUser, createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

const app = testApp();
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
beforeAll(async () => {
  receiver = await startPushReceiver();
});
afterAll(() => receiver.close());

/** Someone whose address is proven: email digests go only to such addresses. */
const gardener = (name?: string | null) => createTestUser(name, { emailVerified: true });

const settingsOf = (user: TestUser) => request(app).get('/mango/reminders/settings').set(bearer(user));
const putSettings = (user: TestUser, body: unknown, on = app) =>
  request(on)
    .put('/mango/reminders/settings')
    .set(bearer(user))
    .send(body as object);
const subscribe = (user: TestUser, body: unknown) =>
  request(app)
    .post('/mango/reminders/push-subscriptions')
    .set(bearer(user))
    .send(body as object);
const storedSubscriptions = async (uid: string) =>
  (await getDb().collection(`${REMINDERS_COLLECTION}/${uid}/${PUSH_SUBSCRIPTIONS_COLLECTION}`).get()).docs;

/** A plant due for watering since `overdueSince`, with a fertilizing schedule due `fertilizeNext`. */
const duePlant = (name: string, overdueSince: string, fertilizeNext?: string) =>
  aPlant({
    plantName: name,
    wateringFrequency: 'Every 3 days',
    lastWateredDate: '2026-01-01',
    nextWateringDate: overdueSince,
    ...(fertilizeNext ? { care: { fertilize: { frequency: 'Every 30 days', nextDate: fertilizeNext } } } : {}),
  });

describe('GET and PUT /mango/reminders/settings', () => {
  it('answers the defaults until changed, then what was set, with the account address', async () => {
    const user = await gardener('Settings Gardener');
    expect((await settingsOf(user).expect(200)).body).toEqual({
      timeZone: 'UTC',
      hemisphere: 'north',
      hemisphereSet: false,
      time: '08:00',
      channels: { push: false, email: false },
      quietHours: null,
      language: 'en',
      email: user.email,
      emailVerified: true,
    });
    const changed = await putSettings(user, {
      timeZone: 'Europe/Berlin',
      time: '07:15',
      channels: { email: true },
      quietHours: { from: '22:00', to: '06:30' },
    }).expect(200);
    const expected = {
      timeZone: 'Europe/Berlin',
      hemisphere: 'north',
      hemisphereSet: false,
      time: '07:15',
      channels: { push: false, email: true },
      quietHours: { from: '22:00', to: '06:30' },
      language: 'en',
      email: user.email,
      emailVerified: true,
    };
    expect(changed.body).toEqual(expected);
    expect(changed.headers['cache-control']).toBe('private, no-store');
    expect((await settingsOf(user).expect(200)).body).toEqual(expected);
    // A channel on: the next digest is planned, at 07:15 Berlin time.
    const stored = (await getDb().collection(REMINDERS_COLLECTION).doc(user.uid).get()).data()!;
    expect(stored.nextDigestAt.toDate().toISOString()).toMatch(/T0[56]:15:00\.000Z$/);
    // Both off: no digest planned.
    await putSettings(user, { channels: { email: false } }).expect(200);
    expect((await getDb().collection(REMINDERS_COLLECTION).doc(user.uid).get()).get('nextDigestAt')).toBeUndefined();
  });

  it("counts the seasons in the time zone's hemisphere, or in the one the person sets, until they set null", async () => {
    const user = await gardener('Southern Gardener');
    const sydney = await putSettings(user, { timeZone: 'Australia/Sydney' }).expect(200);
    expect(sydney.body).toMatchObject({ timeZone: 'Australia/Sydney', hemisphere: 'south', hemisphereSet: false });
    await putSettings(user, { hemisphere: 'north' }).expect(200);
    expect((await settingsOf(user)).body).toMatchObject({ hemisphere: 'north', hemisphereSet: true });
    await putSettings(user, { hemisphere: null }).expect(200);
    expect((await settingsOf(user)).body).toMatchObject({ hemisphere: 'south', hemisphereSet: false });
  });

  it('keeps the language the digests speak: English until the person chooses Spanish, German or French', async () => {
    const user = await gardener('Lectrice Française');
    expect((await settingsOf(user)).body.language).toBe('en');
    await putSettings(user, { time: '07:45' }).expect(200);
    const before = (await settingsOf(user)).body;
    const french = await putSettings(user, { language: 'fr' }).expect(200);
    expect(french.body).toEqual({ ...before, language: 'fr' });
    expect((await getDb().collection(REMINDERS_COLLECTION).doc(user.uid).get()).get('language')).toBe('fr');
    expect((await settingsOf(user)).body).toEqual({ ...before, language: 'fr' });
    for (const language of ['es', 'de', 'en'])
      expect((await putSettings(user, { language }).expect(200)).body.language).toBe(language);
  });

  it('stores a time zone by its canonical name whatever its case, and reads its hemisphere from that', async () => {
    const user = await gardener('Zone Typist');
    const stored = async () => (await getDb().collection(REMINDERS_COLLECTION).doc(user.uid).get()).get('timeZone');
    const berlin = await putSettings(user, { timeZone: 'europe/BERLIN' }).expect(200);
    expect(berlin.body).toMatchObject({ timeZone: 'Europe/Berlin', hemisphere: 'north', hemisphereSet: false });
    expect(await stored()).toBe('Europe/Berlin');
    const sydney = await putSettings(user, { timeZone: 'australia/sydney' }).expect(200);
    expect(sydney.body).toMatchObject({ timeZone: 'Australia/Sydney', hemisphere: 'south', hemisphereSet: false });
    expect(await stored()).toBe('Australia/Sydney');
    expect((await settingsOf(user).expect(200)).body).toMatchObject({
      timeZone: 'Australia/Sydney',
      hemisphere: 'south',
    });
  });

  it('reads a zone an earlier version stored as typed by its canonical name, with its hemisphere', async () => {
    const user = await gardener('Typed Long Ago');
    await putSettings(user, { time: '09:00' }).expect(200);
    await getDb().collection(REMINDERS_COLLECTION).doc(user.uid).update({ timeZone: 'australia/sydney' });
    expect((await settingsOf(user).expect(200)).body).toMatchObject({
      timeZone: 'Australia/Sydney',
      hemisphere: 'south',
    });
  });

  it.each([
    ['put', '/mango/reminders/settings', 'the reminder settings'],
    ['post', '/mango/reminders/push-subscriptions', 'the push subscription'],
    ['delete', '/mango/reminders/push-subscriptions', 'the push subscription'],
  ] as const)(
    '%s %s: each refusal of its body says what it describes (%s), never a plant',
    async (method, path, what) => {
      const user = await gardener('Wordy Gardener');
      const call = () => request(app)[method](path).set(bearer(user));
      const notJson = await call().set('Content-Type', 'text/plain').send('time=08:00').expect(415);
      const notAnObject = await call().set('Content-Type', 'application/json').send('[]').expect(400);
      expect(notJson.body.error.message).toContain(what);
      expect(notAnObject.body.error.message).toContain(what);
      const others = [
        await call().set('Content-Type', 'application/json').send('"08:00"'),
        await call().send({}),
        await call().send({ surprise: true }),
        await call().send({ endpoint: 42, keys: 'none', time: 8, channels: 'both', quietHours: 'night' }),
      ];
      for (const refused of [notJson, notAnObject, ...others]) {
        expect(refused.status, JSON.stringify(refused.body)).toBeGreaterThanOrEqual(400);
        expect(refused.body.error.message).not.toMatch(/plant/i);
        for (const message of Object.values((refused.body.error.fields ?? {}) as Record<string, string>))
          expect(message).not.toMatch(/plant|^Invalid input|^Unrecognized key/i);
      }
    },
  );

  it.each([
    [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
    [{ timeZone: '+02:00' }, 'timeZone'],
    [{ time: '8:00' }, 'time'],
    [{ time: '25:00' }, 'time'],
    [{ quietHours: { from: '22:00', to: '22:00' } }, 'quietHours'],
    [{ quietHours: { from: '22:00' } }, 'quietHours.to'],
    [{ channels: { push: 'yes' } }, 'channels.push'],
    [{ hemisphere: 'east' }, 'hemisphere'],
    [{ language: 'it' }, 'language'],
    [{ language: 'EN' }, 'language'],
    [{ language: null }, 'language'],
    [{ email: 'someone@else.test' }, 'email'],
    [{}, '_'],
    [{ time: '23:30', quietHours: { from: '23:00', to: '07:00' } }, 'time'],
  ])('refuses %j with 400 naming %s, and changes nothing', async (body, field) => {
    const user = await gardener('Careful Gardener');
    await putSettings(user, { time: '09:00', channels: { email: true } }).expect(200);
    const before = (await settingsOf(user)).body;
    const refused = await putSettings(user, body).expect(400);
    expect(refused.body.error.code).toBe('invalid_input');
    expect(Object.keys(refused.body.error.fields)).toContain(field);
    expect(refused.body.error.message.length).toBeGreaterThan(10);
    expect((await settingsOf(user)).body).toEqual(before);
  });

  it('refuses quiet hours around the digest time, naming the quiet hours, and email for an account with no address', async () => {
    const user = await gardener('Night Owl');
    await putSettings(user, { time: '06:00' }).expect(200);
    const refused = await putSettings(user, { quietHours: { from: '22:00', to: '07:00' } }).expect(400);
    expect(refused.body.error.fields).toHaveProperty('quietHours');
    expect(refused.body.error.message).toBe(
      "The digest's time, 06:00, is inside your quiet hours (22:00 to 07:00). Choose a time outside them, or change the quiet hours.",
    );
    expect((await settingsOf(user)).body.quietHours).toBeNull();

    const anonymous = await createAnonymousUser();
    const noAddress = await request(app)
      .put('/mango/reminders/settings')
      .set(bearer(anonymous))
      .send({ channels: { email: true } })
      .expect(400);
    expect(noAddress.body.error.fields).toHaveProperty(['channels.email']);
    expect((await getDb().collection(REMINDERS_COLLECTION).doc(anonymous.uid).get()).exists).toBe(false);
  });

  it('refuses email digests to an address its owner has not proven (409), changing nothing, until they open the link', async () => {
    const user = await createTestUser('Unproven Gardener');
    await putSettings(user, { time: '09:00', channels: { push: false } }).expect(200);
    const before = (await settingsOf(user).expect(200)).body;
    expect(before).toMatchObject({ email: user.email, emailVerified: false, channels: { email: false } });
    const refused = await putSettings(user, { time: '10:00', channels: { email: true } }).expect(409);
    expect(refused.body).toEqual({
      error: {
        code: 'email_unverified',
        message: `Confirm your email address first: open the link we sent to ${user.email}, then turn on email digests.`,
      },
    });
    expect((await settingsOf(user)).body).toEqual(before);
    await request(app).post('/mango/reminders/test').set(bearer(user)).expect(409);
    expect(await mailsTo(user.email)).toEqual([]);

    // The owner opens the link: the same token (made before) now may turn email on, Auth says so.
    await getAdminAuth().updateUser(user.uid, { emailVerified: true });
    expect((await settingsOf(user)).body.emailVerified).toBe(true);
    await putSettings(user, { channels: { email: true } }).expect(200);
  });

  it('needs a signed-in token (401), and refuses other methods', async () => {
    await request(app).get('/mango/reminders/settings').expect(401);
    await request(app).put('/mango/reminders/settings').send({ time: '07:00' }).expect(401);
    const user = await gardener();
    await request(app).post('/mango/reminders/settings').set(bearer(user)).send({}).expect(405);
  });
});

describe('GET /mango/reminders/push-key', () => {
  it('answers the VAPID public key of the server, to anyone', async () => {
    const response = await request(app).get('/mango/reminders/push-key').expect(200);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(process.env.VAPID_PRIVATE_KEY!, 'base64url'));
    expect(response.body).toEqual({ publicKey: ecdh.getPublicKey().toString('base64url') });
    expect(Buffer.from(response.body.publicKey, 'base64url')).toHaveLength(65);
  });

  it('is 503 with a server key that cannot sign: no browser subscribes with its public key', async () => {
    const shortKey = Buffer.from(process.env.VAPID_PRIVATE_KEY!, 'base64url').subarray(1).toString('base64url');
    const misconfigured = testApp({
      reminderDelivery: () => ({ ...reminderDeliveryFromParams(), vapidPrivateKey: shortKey }),
    });
    const refused = await request(misconfigured).get('/mango/reminders/push-key').expect(503);
    expect(refused.body.error.code).toBe('reminders_unavailable');
  });
});

describe('/mango/reminders/push-subscriptions', () => {
  it('keeps a subscription on a push service or the local receiver, and forgets it on DELETE', async () => {
    const user = await gardener('Subscriber');
    const local = receiver.subscribe();
    await subscribe(user, local).expect(201);
    const fcm = { ...receiver.subscribe(), endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def' };
    await subscribe(user, fcm).expect(201);
    expect((await storedSubscriptions(user.uid)).map((doc) => doc.id).sort()).toEqual(
      [subscriptionId(local.endpoint), subscriptionId(fcm.endpoint)].sort(),
    );
    // The same endpoint again is the same subscription, with its new keys.
    const renewed = { ...local, keys: receiver.subscribe().keys };
    await subscribe(user, renewed).expect(201);
    expect(await storedSubscriptions(user.uid)).toHaveLength(2);

    const removed = await request(app)
      .delete('/mango/reminders/push-subscriptions')
      .set(bearer(user))
      .send({ endpoint: fcm.endpoint })
      .expect(200);
    expect(removed.body).toEqual({ deletedCount: 1 });
    expect(await storedSubscriptions(user.uid)).toHaveLength(1);
  });

  it.each([
    ['an https address that is not a push service', 'https://attacker.example/collect'],
    ['plain http on another host', 'http://fcm.googleapis.com/fcm/send/x'],
    ['a push service on another port', 'https://fcm.googleapis.com:8443/fcm/send/x'],
    ['credentials in the address', 'https://user:pw@fcm.googleapis.com/fcm/send/x'],
    ['a look-alike host', 'https://fcm.googleapis.com.attacker.example/x'],
    ['not an address', 'push me'],
  ])('refuses %s with 400 naming the endpoint, and stores nothing', async (_what, endpoint) => {
    const user = await gardener('Wary Subscriber');
    const refused = await subscribe(user, { ...receiver.subscribe(), endpoint }).expect(400);
    expect(refused.body.error.fields).toHaveProperty('endpoint');
    expect(await storedSubscriptions(user.uid)).toEqual([]);
  });

  it('refuses keys that are not a P-256 key and a 16-byte secret, and a visitor', async () => {
    const user = await gardener('Keyless Subscriber');
    const good = receiver.subscribe();
    const notOnCurve = `B${'A'.repeat(86)}`;
    expect(
      (await subscribe(user, { ...good, keys: { ...good.keys, p256dh: notOnCurve } }).expect(400)).body.error.fields,
    ).toHaveProperty(['keys.p256dh']);
    expect(
      (await subscribe(user, { ...good, keys: { ...good.keys, auth: 'AAAA' } }).expect(400)).body.error.fields,
    ).toHaveProperty(['keys.auth']);
    await request(app).post('/mango/reminders/push-subscriptions').send(good).expect(401);
    expect(await storedSubscriptions(user.uid)).toEqual([]);
  });

  it('keeps at most 10 per account: the 11th replaces the oldest', async () => {
    const user = await gardener('Many Browsers');
    const endpoints: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const subscription = receiver.subscribe();
      endpoints.push(subscription.endpoint);
      await subscribe(user, subscription).expect(201);
    }
    const kept = (await storedSubscriptions(user.uid)).map((doc) => doc.get('endpoint') as string);
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain(endpoints[0]);
    expect(kept).toContain(endpoints[10]);
  });
});

describe('POST /mango/reminders/test', () => {
  it('is 409 with no channel on, and changes nothing', async () => {
    const user = await gardener('Quiet Tester');
    const refused = await request(app).post('/mango/reminders/test').set(bearer(user)).expect(409);
    expect(refused.body.error.message).toBe(
      'Turn on notifications or email first: a test goes to the reminders that are on.',
    );
    expect((await getDb().collection(REMINDERS_COLLECTION).doc(user.uid).get()).exists).toBe(false);
  });

  it('sends the digest now by email and push, read back from the mail server and the receiver; a 410 subscription is deleted; the sixth in an hour is 429', async () => {
    const user = await gardener('Test Gardener');
    const id = await createPlantAs(app, user, duePlant('Testing Fern', '2026-01-05'));
    const browser = receiver.subscribe();
    const gone = receiver.subscribe(410);
    await subscribe(user, browser).expect(201);
    await subscribe(user, gone).expect(201);
    await putSettings(user, { channels: { push: true, email: true } }).expect(200);

    const sent = await request(app).post('/mango/reminders/test').set(bearer(user)).expect(200);
    expect(sent.body).toEqual({ sent: { push: 1, email: 1 } });
    expect(browser.received).toHaveLength(1);
    expect(browser.received[0]!.payload).toMatchObject({
      title: '1 plant needs care today',
      url: '/dashboard/today',
      jobs: [{ plantId: id, task: 'water' }],
    });
    expect(String((browser.received[0]!.payload as { body: string }).body)).toMatch(
      /^Testing Fern: water \(\d+ days overdue\)$/,
    );
    expect(browser.received[0]!.headers.topic).toBe('digest');
    expect(browser.received[0]!.headers['content-encoding']).toBe('aes128gcm');
    // The push service said the other subscription is gone: it is deleted.
    expect((await storedSubscriptions(user.uid)).map((doc) => doc.id)).toEqual([subscriptionId(browser.endpoint)]);

    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({ subject: '1 plant needs care today' });
    expect(mail!.from[0]!.address).toBe('reminders@mangogrove.test');
    expect(mail!.text).toContain(`Testing Fern: water`);
    expect(mail!.text).toContain(`${process.env.APP_URL}/plant/${id}`);
    expect(mail!.html).toContain(`href="${process.env.APP_URL}/dashboard/today"`);
    expect(mail!.rawHeaders).toMatch(/^List-Unsubscribe: <http:\/\/[^>]+\/mango\/reminders\/unsubscribe\?u=[^>]+>$/m);
    expect(mail!.rawHeaders).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    for (let i = 2; i <= 5; i += 1) await request(app).post('/mango/reminders/test').set(bearer(user)).expect(200);
    const limited = await request(app).post('/mango/reminders/test').set(bearer(user)).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(browser.received).toHaveLength(5);
    expect(await mailsTo(user.email)).toHaveLength(5);
  });

  it("speaks the person's language: a French subject, body and push title for language fr", async () => {
    const user = await gardener('Jardinière');
    await createPlantAs(app, user, duePlant('Fougère', '2026-01-05'));
    const browser = receiver.subscribe();
    await subscribe(user, browser).expect(201);
    await putSettings(user, { channels: { push: true, email: true }, language: 'fr' }).expect(200);

    await request(app)
      .post('/mango/reminders/test')
      .set(bearer(user))
      .expect(200, { sent: { push: 1, email: 1 } });
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe('1 plante a besoin de soins aujourd’hui');
    expect(mail!.text).toMatch(/^- Fougère\u00a0: arroser \(\d+ jours de retard\)$/m);
    expect(mail!.text).toContain('Ouvrez Aujourd’hui pour les marquer comme faites');
    expect(mail!.html).toContain('<html lang="fr">');
    expect(browser.received).toHaveLength(1);
    expect(browser.received[0]!.payload).toMatchObject({ title: '1 plante a besoin de soins aujourd’hui' });
  });

  it('with nothing due, says so', async () => {
    const user = await gardener('Idle Gardener');
    await putSettings(user, { channels: { email: true } }).expect(200);
    await request(app)
      .post('/mango/reminders/test')
      .set(bearer(user))
      .expect(200, { sent: { push: 0, email: 1 } });
    expect((await mailsTo(user.email))[0]!.subject).toBe('Nothing needs care today');
  });
});

describe('the unsubscribe link in every email', () => {
  it('shows a button on GET and changes nothing; POST (the one-click of RFC 8058) turns email off without signing in', async () => {
    const user = await gardener('Leaving Reader');
    await putSettings(user, { channels: { email: true, push: false } }).expect(200);
    await request(app).post('/mango/reminders/test').set(bearer(user)).expect(200);
    const [mail] = await mailsTo(user.email);
    const link = new URL(/^List-Unsubscribe: <([^>]+)>$/m.exec(mail!.rawHeaders)![1]!);
    const path = `${link.pathname}${link.search}`;

    const page = await request(app).get(path).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<button type="submit">Stop reminder emails</button>');
    expect((await settingsOf(user)).body.channels.email).toBe(true);

    await request(app)
      .post(path)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200)
      .expect(/Reminder emails are off/);
    expect((await settingsOf(user)).body.channels).toEqual({ push: false, email: false });

    // A link with another token, or none, does nothing.
    const other = await gardener('Targeted Reader');
    await putSettings(other, { channels: { email: true } }).expect(200);
    await request(app)
      .post(`/mango/reminders/unsubscribe?u=${other.uid}&t=${link.searchParams.get('t')}`)
      .expect(404);
    await request(app).post(`/mango/reminders/unsubscribe?u=${other.uid}`).expect(404);
    expect((await settingsOf(other)).body.channels.email).toBe(true);
  });

  /** The unsubscribe link of the last email `user` got, as a path and its token. */
  const lastLink = async (user: TestUser) => {
    const mail = (await mailsTo(user.email)).at(-1)!;
    const link = new URL(/^List-Unsubscribe: <([^>]+)>$/m.exec(mail.rawHeaders)![1]!);
    return { path: `${link.pathname}${link.search}`, token: link.searchParams.get('t')! };
  };
  const storedSettings = async (uid: string) => (await getDb().collection(REMINDERS_COLLECTION).doc(uid).get()).data();

  it('answers the 404 page, changing nothing, to a token of multi-byte characters and to a uid no document can have', async () => {
    const user = await gardener('Odd Link Reader');
    await putSettings(user, { channels: { email: true } }).expect(200);
    await request(app).post('/mango/reminders/test').set(bearer(user)).expect(200);
    const before = await storedSettings(user.uid);
    const uid = encodeURIComponent(user.uid);
    for (const query of [
      // As long as a token of 32 ASCII characters, and twice as many bytes or more.
      `u=${uid}&t=${encodeURIComponent('ü'.repeat(32))}`,
      `u=${uid}&t=${encodeURIComponent('🌱'.repeat(16))}`,
      // Paths Firestore refuses to read.
      `u=a//b&t=x`,
      `u=${uid}%2Fx&t=x`,
      `u=&t=x`,
    ]) {
      const page = await request(app).post(`/mango/reminders/unsubscribe?${query}`).expect(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('This link does not work any more.');
    }
    expect(await storedSettings(user.uid)).toEqual(before);
    expect((await settingsOf(user)).body.channels.email).toBe(true);
  });

  it('keeps only a hash of each link, and takes a link once: used, it answers 404; the next email has a new one', async () => {
    const user = await gardener('Twice Leaving Reader');
    await putSettings(user, { channels: { email: true } }).expect(200);
    await request(app).post('/mango/reminders/test').set(bearer(user)).expect(200);
    const first = await lastLink(user);
    expect(JSON.stringify(await storedSettings(user.uid))).not.toContain(first.token);

    await request(app)
      .post(first.path)
      .expect(200)
      .expect(/Reminder emails are off/);
    expect((await settingsOf(user)).body.channels.email).toBe(false);
    const off = await storedSettings(user.uid);
    const again = await request(app).post(first.path).expect(404);
    expect(again.text).toContain('This link does not work any more.');
    expect(await storedSettings(user.uid)).toEqual(off);

    // Email on again: the next email carries a link of its own, and the used one stays dead.
    await putSettings(user, { channels: { email: true } }).expect(200);
    await request(app).post('/mango/reminders/test').set(bearer(user)).expect(200);
    const second = await lastLink(user);
    expect(second.token).not.toBe(first.token);
    await request(app).post(first.path).expect(404);
    await request(app).post(second.path).expect(200);
    expect((await settingsOf(user)).body.channels.email).toBe(false);
  });

  it('takes the link of an email sent before tokens were hashed, and stores no plain token from the next write on', async () => {
    const user = await gardener('Old Link Reader');
    await putSettings(user, { channels: { email: true } }).expect(200);
    // An earlier version kept the token itself, and put it in every email.
    const legacy = 'legacy-plain-token-of-32-chars-x';
    await getDb().collection(REMINDERS_COLLECTION).doc(user.uid).update({ unsubscribeToken: legacy });
    // Any write of the settings keeps its hash and drops the plain token.
    await putSettings(user, { time: '07:30' }).expect(200);
    const stored = await storedSettings(user.uid);
    expect(stored!.unsubscribeToken).toBeUndefined();
    expect(JSON.stringify(stored)).not.toContain(legacy);
    await request(app)
      .post(`/mango/reminders/unsubscribe?u=${encodeURIComponent(user.uid)}&t=${legacy}`)
      .expect(200)
      .expect(/Reminder emails are off/);
    expect((await settingsOf(user)).body.channels.email).toBe(false);
  });
});

describe('the daily digest (the scheduled run and its tasks, at a time the test sets)', () => {
  // Times after the real clock, so the stack's own scheduled runs (every minute, on the real
  // clock) never pick these people up.

  it('finds each person at their own hour in their own zone, on both sides of a change of clocks', async () => {
    const berlin = await gardener('Berlin Gardener');
    const york = await gardener('New York Gardener');
    const tokyo = await gardener('Tokyo Gardener');
    const at = jobsAt('2027-03-26T12:00:00Z');
    const setAt = testApp({ clock: () => new Date('2027-03-26T12:00:00Z') });
    for (const [user, timeZone, time] of [
      [berlin, 'Europe/Berlin', '08:00'],
      [york, 'America/New_York', '07:00'],
      [tokyo, 'Asia/Tokyo', '09:00'],
    ] as const)
      await putSettings(user, { timeZone, time, channels: { email: true } }, setAt).expect(200);
    const names = new Map([
      [berlin.uid, 'Berlin'],
      [york.uid, 'New York'],
      [tokyo.uid, 'Tokyo'],
    ]);
    const whose = (tasks: DigestTask[]) =>
      tasks.filter((task) => names.has(task.uid)).map((task) => [names.get(task.uid), task.day]);

    // Tokyo's 09:00 on the 27th is 00:00 UTC; Berlin's 08:00 (UTC+1) 07:00 UTC; New York's 07:00 (UTC-4) 11:00 UTC.
    at.at('2027-03-26T23:59:00Z');
    expect(whose(await at.dueDigests())).toEqual([]);
    at.at('2027-03-27T00:00:00Z');
    expect(whose(await at.dueDigests())).toEqual([['Tokyo', '2027-03-27']]);
    at.at('2027-03-27T07:00:00Z');
    // Tokyo's is queued already: a digest is queued once per person and day, however many runs find it.
    const atSeven = await at.dueDigests();
    expect(whose(atSeven)).toEqual([['Berlin', '2027-03-27']]);
    // Nothing due for Berlin: no mail, and the next is planned for 08:00 the next day. Berlin's
    // clocks go forward in the night of the 28th, so that is 06:00 UTC, not 07:00.
    expect(await at.jobs.sendDigest(atSeven[0]!)).toEqual({ sent: { push: 0, email: 0 }, skipped: 'nothing-due' });
    at.at('2027-03-27T11:00:00Z');
    expect(whose(await at.dueDigests())).toEqual([['New York', '2027-03-27']]);
    expect(await mailsTo(berlin.email)).toEqual([]);
    const planned = (await getDb().collection(REMINDERS_COLLECTION).doc(berlin.uid).get()).get('nextDigestAt');
    expect(planned.toDate().toISOString()).toBe('2027-03-28T06:00:00.000Z');
    at.at('2027-03-28T05:59:00Z');
    expect(whose(await at.dueDigests())).not.toContainEqual(['Berlin', '2027-03-28']);
    at.at('2027-03-28T06:00:00Z');
    expect(whose(await at.dueDigests())).toContainEqual(['Berlin', '2027-03-28']);
  });

  it('lists the jobs due today and overdue, grouped by plant, overdue first, by email and push, once a day whatever the retries', async () => {
    const user = await gardener('Digest Gardener');
    const at = jobsAt('2027-05-10T05:00:00Z');
    const owner = testApp({ clock: () => new Date('2027-05-10T05:00:00Z') });
    const fern = await createPlantAs(owner, user, duePlant('Late Fern', '2027-05-07', '2027-05-10'));
    const basil = await createPlantAs(owner, user, duePlant('Basil Today', '2027-05-10'));
    await createPlantAs(owner, user, duePlant('Tomorrow Palm', '2027-05-11'));
    const browser = receiver.subscribe(503);
    await subscribe(user, browser).expect(201);
    await putSettings(
      user,
      { timeZone: 'Europe/Lisbon', time: '07:30', channels: { push: true, email: true } },
      owner,
    ).expect(200);

    at.at('2027-05-10T06:30:00Z');
    const [task] = (await at.dueDigests()).filter((queued) => queued.uid === user.uid);
    expect(task).toMatchObject({ uid: user.uid, day: '2027-05-10' });
    // The push service says "later": the email went, the task fails so that Cloud Tasks runs it again.
    await expect(at.jobs.sendDigest(task!)).rejects.toThrow(/not delivered everywhere yet/);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 plants need care today');
    expect(mails[0]!.text.split('\n').filter((line) => line.startsWith('- '))).toEqual([
      '- Late Fern: water and fertilize (3 days overdue)',
      '- Basil Today: water (due today)',
    ]);
    expect(mails[0]!.text).toContain(`${process.env.APP_URL}/plant/${fern}`);
    expect(mails[0]!.text).toContain(`${process.env.APP_URL}/plant/${basil}`);
    expect(browser.received).toEqual([]);

    // The retry delivers only what was left: the push, not the email again.
    browser.answer(201);
    at.at('2027-05-10T06:35:00Z');
    expect(await at.jobs.sendDigest(task!)).toEqual({ sent: { push: 1, email: 0 } });
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(browser.received).toHaveLength(1);
    expect(browser.received[0]!.payload).toMatchObject({
      title: '2 plants need care today',
      day: '2027-05-10',
      jobs: [
        { plantId: fern, task: 'water' },
        { plantId: fern, task: 'fertilize' },
        { plantId: basil, task: 'water' },
      ],
    });
    // Run again (Cloud Tasks may run a task twice) and queued again: nothing more that day.
    expect(await at.jobs.sendDigest(task!)).toEqual({ sent: { push: 0, email: 0 }, skipped: 'already-sent' });
    at.at('2027-05-10T06:45:00Z');
    expect((await at.dueDigests()).filter((queued) => queued.uid === user.uid)).toEqual([]);
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(browser.received).toHaveLength(1);
  });

  it('refuses to start with a Web Push key that cannot sign, saying why in the log, then sends it whole once mended', async () => {
    const user = await gardener('Keyed Gardener');
    const owner = testApp({ clock: () => new Date('2027-05-12T05:00:00Z') });
    await createPlantAs(owner, user, duePlant('Keyed Fern', '2027-05-11'));
    const browser = receiver.subscribe();
    await subscribe(user, browser).expect(201);
    await putSettings(user, { timeZone: 'UTC', time: '06:00', channels: { push: true, email: true } }, owner).expect(
      200,
    );
    // A key one byte short, as a generator that drops a leading zero makes about 3 times in 1,000.
    const shortKey = Buffer.from(process.env.VAPID_PRIVATE_KEY!, 'base64url').subarray(1).toString('base64url');
    const broken = jobsAt('2027-05-12T06:00:00Z', { vapidPrivateKey: shortKey });
    const [task] = (await broken.dueDigests()).filter((queued) => queued.uid === user.uid);
    const errors = vi.spyOn(logger, 'error');
    try {
      await expect(broken.jobs.sendDigest(task!)).rejects.toThrow(/not set up/);
      expect(errors.mock.calls.map(([message]) => String(message))).toContainEqual(
        expect.stringMatching(
          /^Reminders cannot be sent: VAPID_PRIVATE_KEY is 31 bytes; a Web Push key is 32 bytes.*web-push generate-vapid-keys/,
        ),
      );
    } finally {
      errors.mockRestore();
    }
    expect(await mailsTo(user.email)).toEqual([]);
    expect(browser.received).toEqual([]);
    // Nothing was claimed: the retry, with the key mended, delivers both.
    expect((await getDb().collection(REMINDERS_COLLECTION).doc(user.uid).get()).get('lastDigestDay')).toBeUndefined();
    const mended = jobsAt('2027-05-12T06:05:00Z');
    expect(await mended.jobs.sendDigest(task!)).toEqual({ sent: { push: 1, email: 1 } });
    expect(await mended.jobs.sendDigest(task!)).toMatchObject({ skipped: 'already-sent' });
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('records the email it sent when a push then fails, so no retry sends the email again', async () => {
    const user = await gardener('Once Gardener');
    const owner = testApp({ clock: () => new Date('2027-05-13T05:00:00Z') });
    await createPlantAs(owner, user, duePlant('Once Fern', '2027-05-12'));
    await putSettings(user, { timeZone: 'UTC', time: '06:00', channels: { push: true, email: true } }, owner).expect(
      200,
    );
    // A subscription whose keys cannot be encrypted for (stored by an older version, or damaged).
    const broken = receiver.subscribe();
    await getDb()
      .collection(`${REMINDERS_COLLECTION}/${user.uid}/${PUSH_SUBSCRIPTIONS_COLLECTION}`)
      .doc(subscriptionId(broken.endpoint))
      .set({ endpoint: broken.endpoint, keys: { p256dh: 'AAAA', auth: 'AAAA' }, createdAt: new Date() });
    const at = jobsAt('2027-05-13T06:00:00Z');
    const [task] = (await at.dueDigests()).filter((queued) => queued.uid === user.uid);
    expect(await at.jobs.sendDigest(task!)).toEqual({ sent: { push: 0, email: 1 } });
    // Cloud Tasks may run a task again: the email is not sent twice.
    expect(await at.jobs.sendDigest(task!)).toMatchObject({ skipped: 'already-sent' });
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(broken.received).toEqual([]);
  });

  it('mails no address that is not proven, even with email on from before', async () => {
    const user = await gardener('Changed Gardener');
    const owner = testApp({ clock: () => new Date('2027-05-14T05:00:00Z') });
    await createPlantAs(owner, user, duePlant('Unproven Fern', '2027-05-13'));
    await putSettings(user, { timeZone: 'UTC', time: '06:00', channels: { email: true } }, owner).expect(200);
    // The address is no longer proven (changed in the console, say).
    await getAdminAuth().updateUser(user.uid, { emailVerified: false });
    const at = jobsAt('2027-05-14T06:00:00Z');
    const [task] = (await at.dueDigests()).filter((queued) => queued.uid === user.uid);
    expect(await at.jobs.sendDigest(task!)).toEqual({ sent: { push: 0, email: 0 }, skipped: 'email-unverified' });
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it('sends nothing when everything was done before the hour, nothing in quiet hours, and skips a digest hours late', async () => {
    const user = await gardener('Early Gardener');
    const owner = testApp({ clock: () => new Date('2027-06-01T06:00:00Z') });
    const id = await createPlantAs(owner, user, duePlant('Done Early', '2027-06-01'));
    await putSettings(user, { timeZone: 'UTC', time: '08:00', channels: { email: true } }, owner).expect(200);
    await request(owner).post(`/mango/${id}/care/water`).set(bearer(user)).send({ date: '2027-06-01' }).expect(200);
    const at = jobsAt('2027-06-01T08:00:00Z');
    const [task] = (await at.dueDigests()).filter((queued) => queued.uid === user.uid);
    expect(await at.jobs.sendDigest(task!)).toEqual({ sent: { push: 0, email: 0 }, skipped: 'nothing-due' });

    const night = await gardener('Night Gardener');
    await createPlantAs(owner, night, duePlant('Night Fern', '2027-06-01'));
    await putSettings(
      night,
      { time: '21:50', quietHours: { from: '22:00', to: '06:00' }, channels: { email: true } },
      owner,
    ).expect(200);
    // The run that finds it comes at 22:05, inside the quiet hours: not sent then.
    const late = jobsAt('2027-06-01T22:05:00Z');
    const [nightTask] = (await late.dueDigests()).filter((queued) => queued.uid === night.uid);
    expect(await late.jobs.sendDigest(nightTask!)).toEqual({ sent: { push: 0, email: 0 }, skipped: 'quiet-hours' });

    const away = await gardener('Away Gardener');
    await createPlantAs(owner, away, duePlant('Waiting Fern', '2027-06-01'));
    await putSettings(away, { time: '07:00', channels: { email: true } }, owner).expect(200);
    const stale = jobsAt('2027-06-01T10:00:00Z');
    const [staleTask] = (await stale.dueDigests()).filter((queued) => queued.uid === away.uid);
    expect(await stale.jobs.sendDigest(staleTask!)).toEqual({ sent: { push: 0, email: 0 }, skipped: 'stale' });
    for (const who of [user, night, away]) expect(await mailsTo(who.email)).toEqual([]);
  });
});

describe('the digest of a household', () => {
  it("lists the household's shared plants to a member, and to a sitter only until their last day", async () => {
    const [owner, member, sitter] = (await Promise.all(
      ['Digest Owner', 'Digest Member', 'Digest Sitter'].map((name) => gardener(name)),
    )) as [TestUser, TestUser, TestUser];
    const start = testApp({ clock: () => new Date('2027-07-01T05:00:00Z') });
    await startHousehold(start, owner);
    await joinHousehold(start, owner, member);
    await joinHousehold(start, owner, sitter, { role: 'sitter', until: '2027-07-01' });
    const shared = await createPlantAs(start, owner, duePlant('Shared Monstera', '2027-06-30'));
    await createPlantAs(start, member, duePlant("Member's Own Cactus", '2027-07-01'));
    for (const user of [member, sitter])
      await putSettings(user, { time: '08:00', channels: { email: true } }, start).expect(200);

    const digestOf = async (at: ReturnType<typeof jobsAt>, user: TestUser) => {
      const [task] = (await at.dueDigests()).filter((queued) => queued.uid === user.uid);
      return at.jobs.sendDigest(task!);
    };
    const first = jobsAt('2027-07-01T08:00:00Z');
    const tasks = await first.dueDigests();
    for (const user of [member, sitter]) await first.jobs.sendDigest(tasks.find((task) => task.uid === user.uid)!);
    const lines = async (user: TestUser) =>
      (await mailsTo(user.email)).map((mail) => mail.text.split('\n').filter((line) => line.startsWith('- ')));
    expect(await lines(member)).toEqual([
      ['- Shared Monstera: water (1 day overdue)', "- Member's Own Cactus: water (due today)"],
    ]);
    // The member's own plant is shared with the household too (a member's plants are, by default).
    expect(await lines(sitter)).toEqual([
      ['- Shared Monstera: water (1 day overdue)', "- Member's Own Cactus: water (due today)"],
    ]);
    expect((await mailsTo(member.email))[0]!.text).toContain(`/plant/${shared}`);

    // The day after the sitter's last: nothing of the household's for them.
    const next = jobsAt('2027-07-02T08:00:00Z');
    expect(await digestOf(next, sitter)).toEqual({ sent: { push: 0, email: 0 }, skipped: 'nothing-due' });
    expect(await mailsTo(sitter.email)).toHaveLength(1);
  });
});

describe('the digest of a household with a rotation', () => {
  it('lists to each person only the jobs of their turn, and hands a job 2 days late on to the next person once', async () => {
    const [ana, ben, cy] = (await Promise.all(['Rota Ana', 'Rota Ben', 'Rota Cy'].map((name) => gardener(name)))) as [
      TestUser,
      TestUser,
      TestUser,
    ];
    // A Monday: Ana's week, then Ben's from 2027-08-09.
    let setUpAt = new Date('2027-08-02T05:00:00Z');
    const start = testApp({ clock: () => setUpAt });
    await startHousehold(start, ana);
    for (const user of [ben, cy]) await joinHousehold(start, ana, user);
    await request(start)
      .put('/mango/household/duty')
      .set(bearer(ana))
      .send({ mode: 'rotation', rotation: [ana.uid, ben.uid, cy.uid], period: 'week' })
      .expect(200);
    await createPlantAs(start, ana, duePlant('Rota Fern', '2027-08-02'));
    await createPlantAs(start, ana, duePlant('Rota Palm', '2027-08-04'));
    await createPlantAs(start, ben, { ...duePlant("Ben's Basil", '2027-08-04'), shared: false });

    const lines = async (user: TestUser) =>
      (await mailsTo(user.email)).map((mail) => mail.text.split('\n').filter((line) => line.startsWith('- ')));
    // Each day's digests, with everyone's settings put that morning: a digest whose hour passed days
    // ago (the days between are skipped here) would be stale.
    const digests = async (iso: string) => {
      setUpAt = new Date(Date.parse(iso) - 3 * 60 * 60_000);
      for (const user of [ana, ben, cy])
        await putSettings(user, { time: '08:00', channels: { email: true } }, start).expect(200);
      const at = jobsAt(iso);
      const tasks = await at.dueDigests();
      const outcomes = [];
      for (const user of [ana, ben, cy])
        outcomes.push(await at.jobs.sendDigest(tasks.find((t) => t.uid === user.uid)!));
      return outcomes;
    };

    // The 4th: Ana's turn. The fern is 2 days late, so Ben, next in the rotation, hears of it too.
    const fourth = await digests('2027-08-04T08:00:00Z');
    expect(fourth[2]).toEqual({ sent: { push: 0, email: 0 }, skipped: 'nothing-due' });
    expect(await lines(ana)).toEqual([['- Rota Fern: water (2 days overdue)', '- Rota Palm: water (due today)']]);
    expect(await lines(ben)).toEqual([
      ["- Rota Fern: water (2 days overdue on Rota Ana's turn)", "- Ben's Basil: water (due today)"],
    ]);
    expect(await lines(cy)).toEqual([]);

    // The 5th: the hand-on came once; Ben's own plant is his whatever the rota says.
    await digests('2027-08-05T08:00:00Z');
    expect((await lines(ana))[1]).toEqual([
      '- Rota Fern: water (3 days overdue)',
      '- Rota Palm: water (1 day overdue)',
    ]);
    expect((await lines(ben))[1]).toEqual(["- Ben's Basil: water (1 day overdue)"]);
    expect(await lines(cy)).toEqual([]);

    // The 9th: Ben's week; the overdue jobs are his now, and none is Ana's.
    await digests('2027-08-09T08:00:00Z');
    expect((await lines(ben))[2]).toEqual([
      '- Rota Fern: water (7 days overdue)',
      "- Ben's Basil: water (5 days overdue)",
      '- Rota Palm: water (5 days overdue)',
    ]);
    expect(await lines(ana)).toHaveLength(2);
  });
});

describe('POST /mango/:id/care/:task/snooze', () => {
  // 23:30 UTC on 1 August 2027: already the 2nd in Tokyo, still the 1st in Los Angeles.
  const late = testApp({ clock: () => new Date('2027-08-01T23:30:00Z') });
  const snooze = (user: TestUser, id: string, task: string, body: unknown) =>
    request(late)
      .post(`/mango/${id}/care/${task}/snooze`)
      .set(bearer(user))
      .send(body as object);

  it.each([
    ['Asia/Tokyo', '2027-08-03'],
    ['America/Los_Angeles', '2027-08-02'],
  ])(
    "moves the job to the caller's today in %s plus the days, keeps its interval, and writes the journal",
    async (timeZone, next) => {
      const user = await gardener('Snoozing Gardener');
      await putSettings(user, { timeZone }, late).expect(200);
      const id = await createPlantAs(late, user, duePlant('Sleepy Fern', '2027-07-30'));
      const snoozed = await snooze(user, id, 'water', { days: 1 }).expect(200);
      expect(snoozed.body).toMatchObject({
        _id: id,
        nextWateringDate: next,
        lastWateredDate: '2026-01-01',
        wateringFrequency: 'Every 3 days',
        wateringIntervalDays: 3,
      });
      const [event] = (await request(late).get(`/mango/${id}/events`).set(bearer(user)).expect(200)).body;
      expect(event).toMatchObject({
        type: 'snoozed',
        task: 'water',
        days: 1,
        by: { uid: user.uid, displayName: 'Snoozing Gardener' },
        nextWateringDate: next,
      });
      // The watering's usual undo takes it back.
      const undone = await request(late).delete(`/mango/${id}/care/water/latest`).set(bearer(user)).expect(200);
      expect(undone.body.nextWateringDate).toBe('2027-07-30');
    },
  );

  it('moves a job once for a snooze or a check-in sent again with the same jobId (a tap queued offline), and refuses a bad id', async () => {
    const user = await gardener('Replayed Snoozer');
    const id = await createPlantAs(late, user, duePlant('Replayed Fern', '2027-07-30', '2027-07-25'));
    const first = await snooze(user, id, 'water', { days: 2, jobId: 'snooze-tap-0001' }).expect(200);
    const again = await snooze(user, id, 'water', { days: 2, jobId: 'snooze-tap-0001' }).expect(200);
    expect(again.body.nextWateringDate).toBe(first.body.nextWateringDate);
    const checkIn = (jobId: string) =>
      request(late).post(`/mango/${id}/care/fertilize/check`).set(bearer(user)).send({ result: 'not-yet', jobId });
    const checked = await checkIn('check-tap-0001').expect(200);
    expect((await checkIn('check-tap-0001').expect(200)).body.care.fertilize.nextDate).toBe(
      checked.body.care.fertilize.nextDate,
    );
    const events = (await request(late).get(`/mango/${id}/events`).set(bearer(user)).expect(200)).body as {
      type: string;
    }[];
    expect(events.filter((event) => event.type === 'snoozed')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'checked')).toHaveLength(1);
    // Another id is another tap.
    await snooze(user, id, 'water', { days: 2, jobId: 'snooze-tap-0002' }).expect(200);
    const refused = await snooze(user, id, 'water', { days: 2, jobId: 'no' }).expect(400);
    expect(refused.body.error.fields).toHaveProperty('jobId');
  });

  it("moves a care task's next date, and the task's undo takes it back; an untracked task is 409", async () => {
    const user = await gardener('Snoozing Feeder');
    const id = await createPlantAs(late, user, duePlant('Hungry Palm', '2027-08-10', '2027-07-25'));
    const snoozed = await snooze(user, id, 'fertilize', { days: 14 }).expect(200);
    expect(snoozed.body.care.fertilize).toMatchObject({ nextDate: '2027-08-15', intervalDays: 30 });
    await request(late).delete(`/mango/${id}/care/fertilize/latest`).set(bearer(user)).expect(200);
    const plant = (await request(late).get(`/mango/${id}`).set(bearer(user)).expect(200)).body;
    expect(plant.care.fertilize.nextDate).toBe('2027-07-25');
    const untracked = await snooze(user, id, 'mist', { days: 2 }).expect(409);
    expect(untracked.body.error).toMatchObject({ code: 'nothing_to_snooze' });
  });

  it('refuses bad days (400), an unknown task (404), a visitor (401) and someone else (403); nothing changes', async () => {
    const [owner, stranger] = await Promise.all([gardener('Snooze Owner'), gardener('Snooze Stranger')]);
    const id = await createPlantAs(late, owner, duePlant('Guarded Fern', '2027-07-30'));
    const before = (await request(late).get(`/mango/${id}`).set(bearer(owner))).body;
    for (const days of [0, 15, 1.5, '2', null])
      expect((await snooze(owner, id, 'water', { days }).expect(400)).body.error.fields).toHaveProperty('days');
    await snooze(owner, id, 'water', {}).expect(400);
    await snooze(owner, id, 'weed', { days: 1 }).expect(404);
    await request(late).post(`/mango/${id}/care/water/snooze`).send({ days: 1 }).expect(401);
    await snooze(stranger, id, 'water', { days: 1 }).expect(403);
    await snooze(owner, 'AAAAAAAAAAAAAAAAAAAA', 'water', { days: 1 }).expect(404);
    expect((await request(late).get(`/mango/${id}`).set(bearer(owner))).body).toEqual(before);
    const events = (await request(late).get(`/mango/${id}/events`).set(bearer(owner))).body as { type: string }[];
    expect(events.map((event) => event.type)).toEqual(['added']);
  });

  it("lets a household's member and sitter snooze a shared plant, each by their own time zone", async () => {
    const [owner, sitter] = await Promise.all([gardener('Sharing Owner'), gardener('Sitting Snoozer')]);
    await startHousehold(late, owner);
    await joinHousehold(late, owner, sitter, { role: 'sitter', until: '2027-08-05' });
    const id = await createPlantAs(late, owner, duePlant('Shared Ivy', '2027-07-30'));
    await putSettings(sitter, { timeZone: 'Asia/Tokyo' }, late).expect(200);
    const snoozed = await snooze(sitter, id, 'water', { days: 2 }).expect(200);
    expect(snoozed.body.nextWateringDate).toBe('2027-08-04');
    const [event] = (await request(late).get(`/mango/${id}/events`).set(bearer(owner)).expect(200)).body;
    expect(event).toMatchObject({ type: 'snoozed', by: { uid: sitter.uid } });
  });
});

describe('the digests through the stack (Cloud Tasks and the Functions emulator, on the real clock)', () => {
  it('a digest set for this minute is sent by the scheduled run, queued, and read back from the mail server', async () => {
    const user = await gardener('Punctual Gardener');
    const id = await createPlantAs(app, user, duePlant('Real Time Fern', '2026-01-10'));
    // This minute's time (the next minute's, if this one is about to end): its digest is due at once.
    if (new Date().getUTCSeconds() > 50) await new Promise((resolve) => setTimeout(resolve, 10_000));
    const now = new Date();
    const time = `${String(now.getUTCHours()).padStart(2, '0')}:${String(now.getUTCMinutes()).padStart(2, '0')}`;
    await putSettings(user, { timeZone: 'UTC', time, channels: { email: true } }).expect(200);
    // Cloud Scheduler's call, as the launcher makes it each minute (made here at once).
    const status = await runScheduledFunction({
      emulatorUrl: FUNCTIONS_EMULATOR_URL,
      projectId: PROJECT_ID,
      name: 'queueDigests',
      region: RUNTIME_OPTIONS.region,
      scheduledAt: new Date(),
    });
    expect(status).toBe(200);
    await expect.poll(async () => (await mailsTo(user.email)).length, { timeout: 45_000, interval: 500 }).toBe(1);
    const [mail] = await mailsTo(user.email);
    expect(mail!.text).toContain(`/plant/${id}`);
    const stored = (await getDb().collection(REMINDERS_COLLECTION).doc(user.uid).get()).data()!;
    expect(stored.lastDigestDay).toBe(now.toISOString().slice(0, 10));
  }, 70_000);
});
