// A shared HTTP cache in front of the Hosting emulator, standing in for Firebase Hosting's CDN,
// which the emulator does not have: it keeps what the answers' Cache-Control lets a shared cache
// keep (s-maxage, Vary), serves a stale answer while it fetches a fresh one where the answer allows
// it (stale-while-revalidate, RFC 5861), revalidates with the origin's validators, as
// http-cache-semantics reads RFC 9111, and forwards everything else. It keeps the bytes as the
// origin sent them, compressed, as a CDN does: the emulator compresses each file again for every
// request, work production's origin never does for a cached file.
// The benchmark uses it to show what the API's caching headers save the function and Firestore,
// and, in a process of its own (`node scripts/lib/cdn-stand-in.mjs --target <origin> --port <port>`,
// or startCdnProcess), to serve Lighthouse the visitors' pages as production serves them.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import CachePolicy from 'http-cache-semantics';

/** Headers of one connection, never stored or forwarded (RFC 9110 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
/**
 * A connection per request to the origin: a kept one that the origin closes just as a request is
 * sent on it fails that request (the Hosting emulator closes idle ones after 5 s; Lighthouse pauses
 * about that long between runs). On loopback a connection costs a fraction of a millisecond.
 */
const ORIGIN_AGENT = new http.Agent({ keepAlive: false });
/** The client's own validators: the stand-in answers them from what it keeps, and sends the origin its own. */
const CLIENT_VALIDATORS = new Set(['if-none-match', 'if-modified-since']);

/** @param {Record<string, string | string[] | undefined>} headers */
function forwardable(headers) {
  /** @type {Record<string, string>} */
  const kept = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && name !== 'host' && !HOP_BY_HOP.has(name))
      kept[name] = Array.isArray(value) ? value.join(', ') : value;
  return kept;
}

/**
 * @typedef {{ url: string, method: string, headers: http.IncomingHttpHeaders }} CacheRequest
 * @typedef {{ policy: CachePolicy, status: number, headers: Record<string, string>, body: Buffer }} Answer
 */

/**
 * @param {{ target: string, port: number, cacheControl?: string }} options target: the Hosting
 *   emulator's origin; port: 0 for any free one; cacheControl: read every answer as if it said this
 *   instead (to compare with other caching headers)
 * @returns {Promise<{ url: string, close: () => Promise<void>, stats: { hits: number, stale: number, misses: number } }>}
 */
export async function startCdnStandIn({ target, port, cacheControl }) {
  /** @type {Map<string, Answer>} Kept per URL, Authorization (the API's answers vary on it) and Accept-Encoding. */
  const cache = new Map();
  /** hits: answered from the cache (stale: of those, while it fetched a fresh copy); misses: sent to the origin. */
  const stats = { hits: 0, stale: 0, misses: 0 };

  /**
   * Fetches being made, by key: requests for the same URL meanwhile wait for the one fetch, as a
   * CDN collapses them; not for URLs whose last answer no cache could keep fresh (no-cache, private).
   * @type {Map<string, Promise<Answer>>}
   */
  const inFlight = new Map();
  /** @type {Set<string>} */
  const uncacheable = new Set();

  /**
   * The origin's answer to `request` (revalidating `stored` when there is one), with its bytes as sent.
   * @param {CacheRequest} request @param {Buffer} body @param {Answer} [stored]
   * @returns {Promise<Answer>}
   */
  async function fetchUpstream(request, body, stored) {
    const asked = { ...request, headers: { ...request.headers } };
    for (const name of CLIENT_VALIDATORS) delete asked.headers[name];
    const headers = stored ? stored.policy.revalidationHeaders(asked) : asked.headers;
    /** @type {http.IncomingMessage} */
    const upstream = await new Promise((resolve, reject) => {
      const outgoing = http.request(new URL(request.url, target), {
        method: request.method,
        headers: forwardable(headers),
        agent: ORIGIN_AGENT,
      });
      outgoing.on('response', resolve).on('error', reject).end(body);
    });
    /** @type {Buffer[]} */
    const chunks = [];
    for await (const chunk of upstream) chunks.push(chunk);
    const answerHeaders = forwardable(upstream.headers);
    if (cacheControl && answerHeaders['cache-control']) answerHeaders['cache-control'] = cacheControl;
    const status = upstream.statusCode ?? 502;
    const response = { status, headers: answerHeaders };
    if (stored && status === 304) {
      // A 304 that names none of the kept answer's validators updates nothing (RFC 9111 4.3.4): the
      // Hosting emulator answers a rewritten page's (app.html's) If-None-Match with a 304 that
      // carries no ETag, whose headers would have replaced the page's (its type and encoding).
      const { policy, matches } = stored.policy.revalidatedPolicy(request, response);
      return matches ? { ...stored, policy } : fetchUpstream(request, body);
    }
    const policy = new CachePolicy(request, response, { shared: true });
    return { policy, status, headers: answerHeaders, body: Buffer.concat(chunks) };
  }

  /**
   * Keeps an answer a shared cache may store (a no-cache one too: it is revalidated at each use); an
   * origin's failure leaves what was kept in place.
   * @param {string} key @param {Answer} answer
   */
  function keep(key, answer) {
    if (answer.status === 200 && answer.policy.storable()) cache.set(key, answer);
    else if (answer.status < 500) cache.delete(key);
    if (answer.status === 200 && answer.policy.storable() && answer.policy.timeToLive() > 0) uncacheable.delete(key);
    else uncacheable.add(key);
    return answer;
  }

  /** @param {string} key @param {() => Promise<Answer>} fetching */
  function collapsed(key, fetching) {
    const pending = inFlight.get(key);
    if (pending) return { pending, shared: true };
    const started = fetching().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return { pending: started, shared: false };
  }

  /**
   * @param {http.ServerResponse} res @param {Answer} answer @param {CacheRequest} request
   * @param {Record<string, string>} headers @param {string} cacheState
   */
  function send(res, answer, request, headers, cacheState) {
    const etag = answer.headers.etag;
    const ifNoneMatch = request.headers['if-none-match'];
    if (answer.status === 200 && etag && ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
      res.writeHead(304, { ...headers, 'x-cache': cacheState });
      res.end();
      return;
    }
    res.writeHead(answer.status, { ...headers, 'content-length': answer.body.length, 'x-cache': cacheState });
    res.end(request.method === 'HEAD' ? undefined : answer.body);
  }

  const server = http.createServer(async (req, res) => {
    /** @type {CacheRequest} */
    const request = { url: req.url ?? '/', method: req.method ?? 'GET', headers: req.headers };
    const key = `${request.method} ${request.url} ${req.headers.authorization ?? ''} ${req.headers['accept-encoding'] ?? ''}`;
    try {
      /** @type {Buffer[]} */
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const body = Buffer.concat(chunks);
      const stored = cache.get(key);
      const { response, revalidation } = stored?.policy.evaluateRequest(request) ?? {};
      if (stored && response) {
        stats.hits += 1;
        // Stale but within stale-while-revalidate: this answer now, a fresh one fetched meanwhile.
        if (revalidation) {
          stats.stale += 1;
          const refresh = () => fetchUpstream(request, body, stored).then((answer) => keep(key, answer));
          collapsed(key, refresh).pending.catch(() => {});
        }
        send(res, stored, request, /** @type {Record<string, string>} */ (response.headers), 'HIT');
        return;
      }
      const fetching = () => fetchUpstream(request, body, stored).then((answer) => keep(key, answer));
      const { pending, shared } = uncacheable.has(key)
        ? { pending: fetching(), shared: false }
        : collapsed(key, fetching);
      if (shared) stats.hits += 1;
      else stats.misses += 1;
      const answer = await pending;
      const headers = /** @type {Record<string, string>} */ (answer.policy.responseHeaders());
      send(res, answer, request, headers, shared ? 'HIT' : 'MISS');
    } catch (error) {
      console.error(`CDN stand-in: ${request.method} ${request.url}:`, error);
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    stats,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}

const THIS_FILE = fileURLToPath(import.meta.url);

/**
 * The stand-in in a process of its own, so that its work is not the measuring process's (beside
 * Lighthouse in the bench's process, LCP at 20,000 plants wandered from 0.9 to 2.4 s). It ends when
 * closed, or when the process that started it ends (its stdin closes).
 * @param {{ target: string, port: number }} options
 * @returns {Promise<{ url: string, pid: number, close: () => Promise<{ hits: number, stale: number, misses: number }> }>}
 */
export async function startCdnProcess({ target, port }) {
  const child = spawn(process.execPath, [THIS_FILE, '--target', target, '--port', String(port)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  /** @type {string[]} */
  const lines = [];
  /** @type {((line: string) => void)[]} */
  const waiting = [];
  let buffered = '';
  child.stdout.setEncoding('utf8').on('data', (/** @type {string} */ data) => {
    buffered += data;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const nextLine = () =>
    Promise.race([
      new Promise((resolve) => (lines.length ? resolve(lines.shift()) : waiting.push(resolve))),
      exited.then((code) => {
        throw new Error(`The CDN stand-in's process ended (${code}) before it answered.`);
      }),
    ]);
  const { url } = JSON.parse(/** @type {string} */ (await nextLine()));
  return {
    url,
    pid: /** @type {number} */ (child.pid),
    close: async () => {
      child.kill('SIGTERM');
      const stats = JSON.parse(/** @type {string} */ (await nextLine()));
      await exited;
      return stats;
    },
  };
}

if (process.argv[1] === THIS_FILE) {
  const { values } = parseArgs({ options: { target: { type: 'string' }, port: { type: 'string' } } });
  if (!values.target || values.port === undefined)
    throw new Error('Usage: node scripts/lib/cdn-stand-in.mjs --target <origin> --port <port>');
  const cdn = await startCdnStandIn({ target: values.target, port: Number(values.port) });
  console.log(JSON.stringify({ url: cdn.url }));
  const stop = async () => {
    await cdn.close();
    console.log(JSON.stringify(cdn.stats));
    process.exit(0);
  };
  process.once('SIGTERM', stop).once('SIGINT', stop);
  // Its starter gone (a bench killed with -9), it goes too, rather than keep the port.
  process.stdin.on('end', stop).resume();
}
