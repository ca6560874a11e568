// A shared HTTP cache in front of the Hosting emulator, standing in for Firebase Hosting's CDN,
// which the emulator does not have: it keeps what the answers' Cache-Control lets a shared cache
// keep (s-maxage, Vary), as http-cache-semantics reads RFC 9111, and forwards everything else.
// The benchmark uses it to show what the API's caching headers save the function and Firestore.
import http from 'node:http';
import CachePolicy from 'http-cache-semantics';

/**
 * @param {{ target: string, port: number, cacheControl?: string }} options target: the Hosting
 *   emulator's origin; cacheControl: read every answer as if it said this instead (to compare
 *   with other caching headers)
 * @returns {Promise<{ url: string, close: () => Promise<void>, stats: { hits: number, misses: number } }>}
 */
export async function startCdnStandIn({ target, port, cacheControl }) {
  /** @type {Map<string, { policy: CachePolicy, status: number, headers: Record<string, string>, body: Buffer }[]>} */
  // Kept per URL and Authorization header (the API's answers vary on it).
  const cache = new Map();
  const stats = { hits: 0, misses: 0 };

  /**
   * Misses being fetched, by key: requests for the same URL meanwhile wait for the one fetch, as a
   * CDN collapses them; not for URLs whose last answer no cache could keep fresh (no-cache, private).
   */
  const inFlight = new Map();
  /** @type {Set<string>} */
  const uncacheable = new Set();

  /** @param {{ url: string, method: string, headers: http.IncomingHttpHeaders }} request */
  async function fetchUpstream(request) {
    const upstream = await fetch(new URL(request.url, target), {
      method: request.method,
      headers: /** @type {Record<string, string>} */ (
        Object.fromEntries(
          Object.entries(request.headers).filter(([name, value]) => name !== 'host' && typeof value === 'string'),
        )
      ),
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    /** @type {Record<string, string>} */
    const headers = {};
    upstream.headers.forEach((value, name) => {
      if (name !== 'content-encoding' && name !== 'transfer-encoding' && name !== 'content-length')
        headers[name] = value;
    });
    if (cacheControl && headers['cache-control']) headers['cache-control'] = cacheControl;
    const policy = new CachePolicy(request, { status: upstream.status, headers }, { shared: true });
    return { policy, status: upstream.status, headers, body };
  }

  const server = http.createServer(async (req, res) => {
    const request = { url: req.url ?? '/', method: req.method ?? 'GET', headers: req.headers };
    const key = `${request.method} ${request.url} ${req.headers.authorization ?? ''}`;
    const entry = (cache.get(key) ?? []).find((stored) => stored.policy.satisfiesWithoutRevalidation(request));
    if (entry) {
      stats.hits += 1;
      res.writeHead(entry.status, { ...entry.headers, ...entry.policy.responseHeaders(), 'x-cache': 'HIT' });
      res.end(entry.body);
      return;
    }
    try {
      let fetching = uncacheable.has(key) ? undefined : inFlight.get(key);
      if (fetching) stats.hits += 1;
      else {
        stats.misses += 1;
        fetching = fetchUpstream(request).finally(() => inFlight.delete(key));
        if (!uncacheable.has(key)) inFlight.set(key, fetching);
      }
      const answer = await fetching;
      if (answer.policy.storable() && answer.policy.timeToLive() > 0 && answer.status === 200) cache.set(key, [answer]);
      else uncacheable.add(key);
      res.writeHead(answer.status, { ...answer.headers, 'x-cache': 'MISS' });
      res.end(answer.body);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
