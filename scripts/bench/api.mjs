// The API under load (autocannon through Hosting and straight at the function), and the store's own
// query times straight at the Firestore emulator.
import path from 'node:path';
import { ROOT, URLS } from '../lib/stack.mjs';
import { API_ROUNDS, median, require, say } from './common.mjs';

export const API_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 8);

/**
 * Warms the route up (the Functions emulator starts its worker on demand), then measures it in a few
 * rounds and keeps the medians: one round on a shared 2-core machine is too noisy to compare.
 * @param {string} url
 */
async function autocannonRun(url) {
  const autocannon = require('autocannon');
  const body = await fetch(url).then((r) => r.text());
  await autocannon({ url, connections: 2, amount: 20, timeout: 30 });
  /** @type {any[]} */
  const rounds = [];
  for (let i = 0; i < API_ROUNDS; i += 1)
    rounds.push(await autocannon({ url, connections: 10, duration: API_SECONDS, timeout: 30 }));
  return {
    rps: Math.round(median(rounds.map((r) => r.requests.average))),
    p50: median(rounds.map((r) => r.latency.p50)),
    p99: median(rounds.map((r) => r.latency.p99)),
    bytes: Buffer.byteLength(body),
    errors: rounds.reduce((sum, r) => sum + r.errors + r.non2xx + r.timeouts, 0),
  };
}

/** @param {string} plantId */
export async function benchApi(plantId) {
  /** @type {Record<string, any>} */
  const results = {};
  for (const [via, base] of [
    ['hosting', URLS.hosting],
    ['function', URLS.function],
  ]) {
    // The whole-collection GET /mango is kept for other clients but no screen asks for it any more
    // (the lists are paged, below); under load at 2,000 plants it measured the store's scans, not the API.
    for (const [name, route] of [
      ['GET /mango?limit=8', '/mango?limit=8'],
      ['GET /mango/:id', `/mango/${plantId}`],
      // The species search reads the catalogue in memory: its cost is the function's, whatever the store holds.
      ['GET /mango/species?q=swiss', '/mango/species?q=swiss'],
      ['GET /mango/species?q=an&limit=50', '/mango/species?q=an&limit=50'],
    ]) {
      say(`autocannon ${via} ${name}`);
      results[`${via} ${name}`] = await autocannonRun(`${base}${route}`);
    }
  }
  return results;
}

/**
 * A query straight at the Firestore emulator (no HTTP, no function), one at a time: median
 * milliseconds of `runs` after a warm-up. It shows how much of the API's latency is the emulator's
 * own: it reads every plant for an array-contains query, where Firestore reads an index.
 * @param {import('firebase-admin/firestore').Query} query
 */
async function benchStoreQuery(query, runs = 20) {
  const times = [];
  for (let i = 0; i <= runs; i += 1) {
    const start = performance.now();
    await query.get();
    if (i > 0) times.push(performance.now() - start);
  }
  return Number(median(times).toFixed(1));
}

/**
 * The home list's query and All Plants' search query ("fer" in the fern category), straight at
 * the emulator.
 * @param {import('firebase-admin/firestore').Firestore} db
 */
export async function benchStoreQueries(db) {
  const plants = db.collection('plants');
  const { gramTerms } = require(path.join(ROOT, 'functions/lib/plants/plant-keys.js'));
  const { field } = gramTerms('fer', 'name');
  return {
    homeMs: await benchStoreQuery(plants.orderBy('createdAt', 'desc').limit(9)),
    searchMs: await benchStoreQuery(
      plants.where('category', '==', 'fern').where(field, 'array-contains', 'fer').orderBy('sortNextAsc').limit(13),
      3,
    ),
  };
}
