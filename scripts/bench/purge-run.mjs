// Runs one plant's purge (the purgePlant task's work, from the built function) in a process of its
// own, as a function instance would, and prints what it took: wall time and peak memory.
// Usage: node scripts/bench/purge-run.mjs <plantId>   (FIRESTORE_EMULATOR_HOST and GCLOUD_PROJECT set)
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** The built function's modules (by a computed path: the scripts' type check stays out of functions/lib). */
const built = (/** @type {string} */ module) =>
  require(new URL(`../../functions/lib/${module}`, import.meta.url).pathname);
const { getDb } = built('lib/firebase.js');
const { createPlantPurgeRepository } = built('plants/plants.repository.js');

const plantId = process.argv[2];
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const started = performance.now();
await createPlantPurgeRepository(getDb()).purge(plantId);
const ms = performance.now() - started;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
console.log(JSON.stringify({ ms: Math.round(ms), rssBeforeMb: before / 2 ** 20, rssPeakMb: peak / 2 ** 20 }));
process.exit(0);
