// Sends the digests of the people named, for one day, with the built function's own rooms in a
// process of its own (as a function instance would), each with a tally of what it read, and prints
// the tallies and the time each took. Usage: node scripts/bench/digest-run.mjs <day> <dueAt> <uid>...
// (FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST and the function's settings set).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** The built function's modules (by a computed path: the scripts' type check stays out of functions/lib). */
const built = (/** @type {string} */ module) =>
  require(new URL(`../../functions/lib/${module}`, import.meta.url).pathname);
const { createRooms, functionDependencies } = built('rooms.js');
const { withReadTally } = built('lib/read-meter.js');

const [day, dueAt, ...uids] = process.argv.slice(2);
const jobs = createRooms({
  ...functionDependencies(),
  clock: () => new Date(Date.parse(/** @type {string} */ (dueAt)) + 1000),
  tasks: { enqueue: async () => 'queued' },
}).reminders;
const tallies = [];
for (const uid of uids) {
  const started = performance.now();
  const { result, reads } = await withReadTally(() => jobs.sendDigest({ uid, day, dueAt }));
  tallies.push({ ...reads, sent: result.sent, ms: performance.now() - started });
}
console.log(JSON.stringify(tallies));
process.exit(0);
