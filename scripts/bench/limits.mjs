// The limits: anonymous requests through Hosting with and without a CDN stand-in (function
// invocations counted in the emulator's log), and a burst of writes from one account.
import fs from 'node:fs';
import { startCdnStandIn } from '../lib/cdn-stand-in.mjs';
import { URLS } from '../lib/stack.mjs';
import { newAccount, require, say } from './common.mjs';

/** @param {string} logFile */
const invocationsSoFar = (logFile) =>
  (fs.readFileSync(logFile, 'utf8').match(/Beginning execution of "us-central1-api"/g) ?? []).length;

/**
 * The function's invocations so far, once the emulator's log has caught up: its lines lag behind a
 * load run (thousands of species searches just before), which were otherwise counted against the
 * next measurement (1,411 "invocations" for 999 CDN hits of 1,000 once).
 * @param {string} logFile
 */
async function settledInvocations(logFile) {
  let last = invocationsSoFar(logFile);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = invocationsSoFar(logFile);
    if (now === last) return now;
    last = now;
  }
}

/**
 * What the API's caching headers save: 1,000 anonymous GET /mango?limit=8 in 10 s (100 a second)
 * through Hosting alone (the emulator has no CDN), and through a stand-in for Hosting's CDN
 * (lib/cdn-stand-in.mjs) that honours the headers, once with the API's own (s-maxage 30) and once
 * reading them as the previous \`public, no-cache\`. Function invocations are counted in the
 * emulator's own log.
 * @param {string} logFile
 */
export async function benchCdn(logFile) {
  const autocannon = require('autocannon');
  /** @type {Record<string, any>} */
  const results = {};
  /** @type {[string, string | null | undefined][]} */
  const routes = [
    ['Hosting alone', null],
    ["CDN stand-in, the API's headers", undefined],
    ['CDN stand-in, public, no-cache', 'public, no-cache'],
  ];
  for (const [name, cacheControl] of routes) {
    say(`limits: 1,000 anonymous requests, ${name}`);
    const cdn =
      cacheControl === null ? undefined : await startCdnStandIn({ target: URLS.hosting, port: 5055, cacheControl });
    try {
      const before = await settledInvocations(logFile);
      const run = await autocannon({
        url: `${cdn?.url ?? URLS.hosting}/mango?limit=8`,
        connections: 10,
        amount: 1000,
        overallRate: 100,
        timeout: 30,
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      results[name] = {
        requests: run.requests.total,
        p50: run.latency.p50,
        p99: run.latency.p99,
        errors: run.errors + run.non2xx + run.timeouts,
        invocations: invocationsSoFar(logFile) - before,
        cacheHits: cdn?.stats.hits ?? 0,
      };
    } finally {
      await cdn?.close();
    }
  }
  return results;
}

/**
 * One account's burst: 150 adds as fast as a client with 5 connections can send them, through the
 * function, then one add every 100 ms until one is accepted again: how many the budget took (its 100,
 * plus what refilled while the burst ran), how many it refused (429 with Retry-After), and how long
 * until it accepted again.
 */
const BURST_ADDS = 150;

export async function benchBurst() {
  const account = await newAccount('burst');
  const add = () =>
    fetch(`${URLS.function}/mango`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ plantName: 'Burst plant', category: 'Herbs' }),
    });
  /** @type {Response[]} */
  const burst = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 5 }, async () => {
      while (burst.length < BURST_ADDS) {
        const slot = burst.length;
        burst[slot] = /** @type {any} */ (null);
        burst[slot] = await add();
      }
    }),
  );
  const burstMs = Math.round(performance.now() - started);
  const refused = burst.filter((r) => r.status === 429);
  const refusedAt = performance.now();
  let recoveredMs = NaN;
  for (let i = 0; i < 100; i += 1) {
    if ((await add()).status === 201) {
      recoveredMs = Math.round(performance.now() - refusedAt);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    attempted: burst.length,
    accepted: burst.filter((r) => r.status === 201).length,
    refused: refused.length,
    other: burst.filter((r) => r.status !== 201 && r.status !== 429).map((r) => r.status),
    retryAfter: refused[0]?.headers.get('retry-after') ?? null,
    burstMs,
    recoveredMs,
  };
}
