import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type AccountLimits } from '../config/limits';
import { meterReads, noteReads } from '../lib/read-meter';
import { errorHandler } from './error-handler';
import { addressKey, limitVisitorReads } from './visitor-reads';

/** As a Firestore query that returned `count` documents tells the read meter. */
const readDocuments = (count: number) => noteReads({ docs: Array.from({ length: count }) });

/**
 * The middleware as app.ts mounts it, before routes that report what they read: GET
 * /mango/read/:n reads n documents. The clock stands still unless the test moves it.
 */
function visitorApp(limits: Partial<AccountLimits>, lateReadsMs?: number) {
  let now = new Date('2026-06-01T10:00:00.000Z');
  const app = express();
  app.use(meterReads);
  app.use(
    '/mango',
    limitVisitorReads(
      () => ({ ...DEFAULT_LIMITS, ...limits }),
      () => now,
      lateReadsMs,
    ),
  );
  app.get('/mango/read/:n', (req, res) => {
    readDocuments(Number(req.params.n));
    res.json({ read: Number(req.params.n) });
  });
  app.use(errorHandler);
  return { app, advance: (seconds: number) => (now = new Date(now.getTime() + seconds * 1000)) };
}

/** A different address for each i, as a client calling the function's own URL may write. */
const forged = (i: number) => `10.${(i >> 8) & 255}.${i & 255}.${(i * 7) % 250}`;

const ADDRESS_REFUSAL =
  /^This address is reading more than Mango Grove Tracker allows visitors\. Please wait (a second|\d+ seconds) and try again, or sign in\.$/;

describe('the address a visitor is limited by', () => {
  it("is the last X-Forwarded-For entry: 300 requests with forged Fastly-Client-IP and first entries are one client's", async () => {
    const { app } = visitorApp({ visitorReadBurst: 1000, visitorReadsPerMinute: 6 });
    const statuses: number[] = [];
    let refused: request.Response | undefined;
    for (let i = 0; i < 300; i += 1) {
      const response = await request(app)
        .get('/mango/read/10')
        .set('Fastly-Client-IP', forged(i + 1000))
        .set('X-Forwarded-For', `${forged(i)}, 203.0.113.7`);
      statuses.push(response.status);
      refused ??= response.status === 429 ? response : undefined;
    }
    // 1,000 reads at 10 a request: the 100th leaves the bucket empty, and every later one is refused.
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    expect(statuses.slice(100).every((status) => status === 429)).toBe(true);
    expect(refused!.headers['retry-after']).toBe('10');
    expect(refused!.body).toEqual({
      error: {
        code: 'rate_limited',
        message:
          'This address is reading more than Mango Grove Tracker allows visitors. Please wait 10 seconds and try again, or sign in.',
      },
    });
  });

  it('tells different last entries apart, and keys a request without the header on its connection', async () => {
    const { app } = visitorApp({ visitorReadBurst: 10, visitorReadsPerMinute: 6 });
    await request(app).get('/mango/read/10').set('X-Forwarded-For', '192.0.2.1, 203.0.113.7').expect(200);
    const refused = await request(app).get('/mango/read/1').set('X-Forwarded-For', '203.0.113.7').expect(429);
    expect(refused.body.error.message).toMatch(ADDRESS_REFUSAL);
    await request(app).get('/mango/read/10').set('X-Forwarded-For', '192.0.2.1, 203.0.113.8').expect(200);
    // supertest's connection comes from 127.0.0.1: the same client however its address is written.
    await request(app).get('/mango/read/10').expect(200);
    await request(app).get('/mango/read/1').set('X-Forwarded-For', '::ffff:127.0.0.1').expect(429);
  });

  it('takes an IPv6 address by its /64: a client cannot become many by changing the last half', async () => {
    const { app } = visitorApp({ visitorReadBurst: 10, visitorReadsPerMinute: 6 });
    await request(app).get('/mango/read/10').set('X-Forwarded-For', '2001:db8:1:2::1').expect(200);
    await request(app).get('/mango/read/1').set('X-Forwarded-For', '2001:db8:1:2:ffff:aaaa:bbbb:cccc').expect(429);
    await request(app).get('/mango/read/1').set('X-Forwarded-For', '2001:db8:1:3::1').expect(200);
  });

  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0DB8:0000:0001:0:0:0:1', '2001:db8:0:1::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['unknown', 'unknown'],
  ])('keys %s as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});

describe("the instance's ceiling on what all visitors read", () => {
  it('refuses visitors from any address once spent, with Retry-After and a sentence, and lets them in as it refills', async () => {
    const { app, advance } = visitorApp({
      anonymousReadBurstPerInstance: 1000,
      anonymousReadsPerMinutePerInstance: 6,
    });
    const statuses: number[] = [];
    let refused: request.Response | undefined;
    for (let i = 0; i < 300; i += 1) {
      const response = await request(app).get('/mango/read/10').set('X-Forwarded-For', forged(i));
      statuses.push(response.status);
      refused ??= response.status === 429 ? response : undefined;
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    expect(refused!.headers['retry-after']).toBe('10');
    expect(refused!.headers['cache-control']).toBe('no-store');
    expect(refused!.body).toEqual({
      error: {
        code: 'rate_limited',
        message:
          'Mango Grove Tracker is answering more visitors than it can right now. Please wait 10 seconds and try again, or sign in.',
      },
    });
    advance(9);
    await request(app).get('/mango/read/1').set('X-Forwarded-For', '198.51.100.1').expect(429);
    advance(1);
    await request(app).get('/mango/read/1').set('X-Forwarded-For', '198.51.100.1').expect(200);
  });

  it('charges nothing for a signed-in request, and never refuses one', async () => {
    const { app } = visitorApp({
      visitorReadBurst: 10,
      visitorReadsPerMinute: 6,
      anonymousReadBurstPerInstance: 10,
      anonymousReadsPerMinutePerInstance: 6,
    });
    const signedIn = () =>
      request(app).get('/mango/read/10').set('X-Forwarded-For', '203.0.113.7').set('Authorization', 'Bearer a.token');
    for (let i = 0; i < 300; i += 1) await signedIn().expect(200);
    // Both buckets are still full: a visitor from the same address reads its 10, then no more.
    await request(app).get('/mango/read/10').set('X-Forwarded-For', '203.0.113.7').expect(200);
    await request(app).get('/mango/read/1').set('X-Forwarded-For', '198.51.100.1').expect(429);
    await signedIn().expect(200);
  });

  it('charges a request whose client hung up for everything it read, after too', async () => {
    const { app } = visitorApp({ visitorReadBurst: 100, visitorReadsPerMinute: 6 }, 20);
    let started!: () => void;
    let hungUp!: () => void;
    let goOn!: () => void;
    const whenStarted = new Promise<void>((resolve) => (started = resolve));
    const whenHungUp = new Promise<void>((resolve) => (hungUp = resolve));
    const gate = new Promise<void>((resolve) => (goOn = resolve));
    const whenDone = new Promise<void>((resolve) => {
      app.get('/mango/slow', async (_req, res) => {
        res.on('close', hungUp);
        readDocuments(50);
        started();
        await gate;
        readDocuments(50);
        res.json({ read: 100 });
        resolve();
      });
    });
    const server = app.listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      const call = httpRequest({ host: '127.0.0.1', port, path: '/mango/slow' });
      call.on('error', () => undefined);
      call.end();
      await whenStarted;
      call.destroy();
      await whenHungUp;
      goOn();
      await whenDone;
      await new Promise((resolve) => setTimeout(resolve, 50));
      // 100 read, half of them after the client had gone: the bucket of 100 is spent.
      await request(server).get('/mango/read/1').expect(429);
    } finally {
      server.close();
    }
  });
});
