import http from 'node:http';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { startCdnProcess, startCdnStandIn } from './cdn-stand-in.mjs';

/**
 * An origin whose answers each test writes: `answer` is called for every request it receives, which
 * it records; it may hold an answer until the test releases it.
 * @param {(req: http.IncomingMessage, res: http.ServerResponse, count: number) => void | Promise<void>} answer
 */
async function origin(answer) {
  /** @type {http.IncomingHttpHeaders[]} */
  const requests = [];
  const server = http.createServer((req, res) => {
    requests.push(req.headers);
    void answer(req, res, requests.length);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}

/**
 * A GET as a browser sends it, with the bytes as they came over the wire (no decoding).
 * @param {string} url @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: Buffer }>}
 */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, br', ...headers } }, async (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        for await (const chunk of res) chunks.push(chunk);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      })
      .on('error', reject);
  });
}

/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** @param {string} target */
async function standIn(target) {
  const cdn = await startCdnStandIn({ target, port: 0 });
  cleanups.push(cdn.close);
  return cdn;
}

describe('the CDN stand-in', () => {
  it('keeps a compressed file as the origin sent it and serves it again without the origin', async () => {
    const gzipped = zlib.gzipSync(Buffer.from('console.log("app");'.repeat(200)));
    const server = await origin((req, res) => {
      res.writeHead(200, {
        'content-type': 'text/javascript',
        'content-encoding': 'gzip',
        vary: 'Accept-Encoding',
        'cache-control': 'public, max-age=31536000, immutable',
      });
      res.end(gzipped);
    });
    cleanups.push(server.close);
    const cdn = await standIn(server.url);

    const first = await get(`${cdn.url}/assets/app.js`);
    const second = await get(`${cdn.url}/assets/app.js`);

    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.body.equals(gzipped)).toBe(true);
    }
    expect(second.headers['x-cache']).toBe('HIT');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]['accept-encoding']).toBe('gzip, br');
  });

  it('serves a stale answer within stale-while-revalidate while it fetches a fresh one', async () => {
    /** @type {() => void} */
    let release = () => {};
    const held = new Promise((resolve) => (release = () => resolve(undefined)));
    /** @type {() => void} */
    let revalidating = () => {};
    const revalidated = new Promise((resolve) => (revalidating = () => resolve(undefined)));
    const server = await origin(async (req, res, count) => {
      // The second answer (the revalidation) waits for the test: the stale answer must not.
      if (count === 2) {
        revalidating();
        await held;
      }
      res.writeHead(200, {
        'content-type': 'application/json',
        // Already 40 s old: stale (s-maxage 30), within the 30 s more of stale-while-revalidate.
        age: '40',
        'cache-control': 'public, max-age=0, s-maxage=30, stale-while-revalidate=30',
      });
      res.end(JSON.stringify({ version: count }));
    });
    cleanups.push(server.close);
    const cdn = await standIn(server.url);

    const first = await get(`${cdn.url}/mango?limit=12`);
    const stale = await get(`${cdn.url}/mango?limit=12`);

    expect(JSON.parse(first.body.toString())).toEqual({ version: 1 });
    expect(JSON.parse(stale.body.toString())).toEqual({ version: 1 });
    expect(stale.headers['x-cache']).toBe('HIT');
    await revalidated;
    release();
    // The fresh copy replaces the stale one once it has come (each later answer is stale again and
    // revalidated in turn, so the origin may be asked more than twice meanwhile).
    let version = 1;
    for (let attempt = 0; attempt < 200 && version === 1; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      version = JSON.parse((await get(`${cdn.url}/mango?limit=12`)).body.toString()).version;
    }
    expect(version).toBeGreaterThan(1);
    expect(cdn.stats.stale).toBeGreaterThanOrEqual(1);
    // A cache without stale-while-revalidate waits for the held answer: a hang, not a slow pass.
  }, 10_000);

  it('revalidates a no-cache answer with its ETag and reuses the kept bytes on 304', async () => {
    const page = zlib.brotliCompressSync(Buffer.from('<!doctype html><title>All Plants</title>'));
    const server = await origin((req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304, { etag: '"v1"', 'cache-control': 'no-cache' });
        res.end();
        return;
      }
      res.writeHead(200, {
        'content-type': 'text/html',
        'content-encoding': 'br',
        etag: '"v1"',
        'cache-control': 'no-cache',
      });
      res.end(page);
    });
    cleanups.push(server.close);
    const cdn = await standIn(server.url);

    const first = await get(`${cdn.url}/allPlants`);
    const second = await get(`${cdn.url}/allPlants`);

    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]['if-none-match']).toBeUndefined();
    expect(server.requests[1]['if-none-match']).toBe('"v1"');
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.body.equals(page)).toBe(true);
    }
  });

  it('fetches the whole answer again when a 304 names none of its validators', async () => {
    const page = zlib.brotliCompressSync(Buffer.from('<!doctype html><title>Add a plant</title>'));
    const server = await origin((req, res) => {
      if (req.headers['if-none-match']) {
        res.writeHead(304, { 'cache-control': 'no-cache' });
        res.end();
        return;
      }
      res.writeHead(200, {
        'content-type': 'text/html',
        'content-encoding': 'br',
        etag: 'app-html-v1',
        'cache-control': 'no-cache',
      });
      res.end(page);
    });
    cleanups.push(server.close);
    const cdn = await standIn(server.url);

    await get(`${cdn.url}/addPlants`);
    const again = await get(`${cdn.url}/addPlants`);

    expect(again.status).toBe(200);
    expect(again.headers['content-type']).toBe('text/html');
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.body.equals(page)).toBe(true);
  });

  it('never keeps a private answer', async () => {
    const server = await origin((req, res, count) => {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'private, no-store' });
      res.end(JSON.stringify({ version: count }));
    });
    cleanups.push(server.close);
    const cdn = await standIn(server.url);

    const answers = [];
    for (let i = 0; i < 3; i += 1)
      answers.push(JSON.parse((await get(`${cdn.url}/mango/household/plants`)).body.toString()).version);

    expect(answers).toEqual([1, 2, 3]);
    expect(server.requests).toHaveLength(3);
  });

  it('runs in a process of its own and reports what it served when closed', async () => {
    const server = await origin((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'public, max-age=60' });
      res.end('hello');
    });
    cleanups.push(server.close);
    const cdn = await startCdnProcess({ target: server.url, port: 0 });

    const answers = [await get(`${cdn.url}/robots.txt`), await get(`${cdn.url}/robots.txt`)];
    const stats = await cdn.close();

    expect(cdn.pid).not.toBe(process.pid);
    expect(answers.map((answer) => answer.body.toString())).toEqual(['hello', 'hello']);
    expect(stats).toEqual({ hits: 1, stale: 0, misses: 1 });
    expect(server.requests).toHaveLength(1);
  });
});
