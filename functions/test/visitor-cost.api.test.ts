import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/config/limits';
import { getDb } from '../src/lib/firebase';
import { READS_HEADER } from '../src/lib/read-meter';
import { LIST_LIMITS } from '../src/model/plant-list';
import { NEWEST_FRESH_MS } from '../src/plant-list/plant-list.service';
import { PLANTS_COLLECTION } from '../src/plants/plants.repository';
import { testApp } from './support/app';
import { FUNCTION_URL } from './support/emulators';
import { aPlant } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs } from './support/plants';
import { createTestUser } from '../../scripts/lib/test-users.mjs';

/*
 * What a client costs that calls the function's own URL (the Functions emulator here, not Hosting
 * and its CDN) and writes a new address in every header a client can set. As Google's front end
 * does, the emulator sets X-Forwarded-For to the address of the connection (patches/: the
 * firebase-tools fix), so the function limits this file's requests as one client, 127.0.0.1.
 *
 * The stack's function runs with the default visitor limits of config/limits.ts (the test runner
 * raises them only for the browser tests' own stack, and for the apps this process makes). This
 * file spends that client's bucket: about 5,400 documents read in 600 requests, after which
 * 127.0.0.1 reads as a visitor at the bucket's refill (1,000 a minute) for a few minutes, so it
 * runs after every other API test file (vitest.config.mts).
 */

const REQUESTS = 300;
/** Plants in the store: more than the 100 a page before a time reads. */
const PLANTS = 120;
const limits = DEFAULT_LIMITS;

/** A different forged address for each i. */
const forged = (i: number) => `198.51.${(i >> 8) & 255}.${i & 255}`;
const forgedHeaders = (i: number) => ({
  'Fastly-Client-IP': forged(i + 1000),
  'X-Forwarded-For': `${forged(i)}, ${forged(i + 2000)}`,
});

/** The documents an answer says it read (absent on a refusal, which reads nothing). */
function documentsRead(response: Response): number {
  const header = response.headers.get(READS_HEADER);
  if (response.status !== 200 && header === null) return 0;
  const match = /documents=(\d+)/.exec(header ?? '');
  if (!match) throw new Error(`An answer ${response.status} without ${READS_HEADER}.`);
  return Number(match[1]);
}

interface Answer {
  status: number;
  documents: number;
  retryAfter: string | null;
  body: unknown;
}

async function visit(path: string, i: number): Promise<Answer> {
  const response = await fetch(`${FUNCTION_URL}${path}`, { headers: forgedHeaders(i) });
  const body: unknown = await response.json();
  return {
    status: response.status,
    documents: documentsRead(response),
    retryAfter: response.headers.get('retry-after'),
    body,
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

beforeAll(async () => {
  // Else the refill alone would pay for every request.
  expect(limits.visitorReadBurst + limits.visitorReadsPerMinute).toBeLessThan(REQUESTS * LIST_LIMITS.maxPage);
  expect(limits.visitorReadBurst).toBeLessThan(limits.anonymousReadBurstPerInstance);
  // 120 plants in a few seconds is past one account's write budget: said with limits of its own.
  const app = testApp({ limits: { ...DEFAULT_LIMITS, writeBurst: 1000, writesPerMinute: 60_000 } });
  const owner = await createTestUser('Visited Often');
  for (let start = 0; start < PLANTS; start += 10)
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => createPlantAs(app, owner, aPlant({ plantName: `Visited ${start + i}` }))),
    );
}, 60_000);

describe('a client calling the function directly with forged addresses', () => {
  it('reads the plain list at most once per instance and 30 s, however many addresses it claims', async () => {
    const stored = (await getDb().collection(PLANTS_COLLECTION).count().get()).data().count;
    expect(stored).toBeGreaterThanOrEqual(PLANTS);
    // One read of the list: the newest 1,000 at most, and the look-ahead.
    const oneFill = Math.min(stored, LIST_LIMITS.newestMax) + 1;
    const started = Date.now();
    const answers: Answer[] = [];
    for (let i = 0; i < REQUESTS; i += 1) answers.push(await visit('/mango', i));
    const fills = 1 + Math.floor((Date.now() - started) / NEWEST_FRESH_MS);

    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(sum(answers.map((answer) => answer.documents))).toBeLessThanOrEqual(fills * oneFill);
  });

  it('is limited as one client: refused with Retry-After once its bucket is spent, within the bucket in reads', async () => {
    const started = Date.now();
    const day = started + 24 * 60 * 60 * 1000;
    const answers: Answer[] = [];
    // A page of 100 before a different time each: a URL no cache has seen, that reads ~101 documents.
    for (let i = 0; i < REQUESTS; i += 1) {
      const before = new Date(day + i).toISOString();
      answers.push(await visit(`/mango?limit=100&before=${encodeURIComponent(before)}`, REQUESTS + i));
    }
    const minutes = (Date.now() - started) / 60_000;

    const answered = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answered.length + refused.length).toBe(REQUESTS);
    expect(answered.length).toBeGreaterThan(0);
    for (const answer of answered) expect(answer.documents).toBeGreaterThanOrEqual(LIST_LIMITS.maxPage);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(answer.body).toEqual({
        error: {
          code: 'rate_limited',
          message: expect.stringMatching(
            /^This address is reading more than Mango Grove Tracker allows visitors\. Please wait (a second|\d+ seconds) and try again, or sign in\.$/,
          ),
        },
      });
    }
    // The bucket (full at most), its refill while the test ran, and the one request that overdrew it.
    const mostOne = Math.max(...answered.map((answer) => answer.documents));
    const allowed = limits.visitorReadBurst + limits.visitorReadsPerMinute * minutes + mostOne;
    expect(sum(answers.map((answer) => answer.documents))).toBeLessThanOrEqual(allowed);
  });
});
