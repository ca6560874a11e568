import { URLS } from '../lib/stack.mjs';
import { BUDGET, broken, functionCall, median, newAccount, say } from './common.mjs';

/** Plants due on Today for each account, and the places the placed account's stand in. */
const TODAY_DUE_JOBS = 1000;
const PLACES = 10;
/** Rounds of Today's reads, the two accounts alternating. */
const TODAY_ROUNDS = 9;

/** The read of the walk Today makes (web: features/places/api/list-places.ts, WALK_PATH): no plant counts. */
const WALK_ROUTE = '/mango/places?plantCount=false';
/** The read Today made before it asked for the walk alone: every place with its count(). */
const COUNTED_ROUTE = '/mango/places';

/**
 * Today's reads as the web app makes them (features/care/api/list-due.ts and the walk's loader):
 * every page of GET /mango/due to the week's end, one after another, beside one read of the places
 * (`placesRoute`: WALK_ROUTE as the app reads it, or COUNTED_ROUTE to compare). Straight at the
 * function, so the figures are the API's and the store's; the places' read is also counted apart.
 * @param {string} token
 * @param {string} until
 * @param {string} placesRoute
 */
async function todaysReads(token, until, placesRoute) {
  const started = performance.now();
  /** @param {string} route */
  const get = async (route) => {
    const response = await fetch(`${URLS.function}${route}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`GET ${route} answered ${response.status}: ${text.slice(0, 200)}`);
    const reads = /documents=(\d+), aggregations=(\d+)/.exec(response.headers.get('x-firestore-reads') ?? '');
    return {
      body: JSON.parse(text),
      bytes: Buffer.byteLength(text),
      documents: reads ? Number(reads[1]) : NaN,
      aggregations: reads ? Number(reads[2]) : NaN,
    };
  };
  const due = (async () => {
    let cursor = null;
    const pages = [];
    do {
      const query = new URLSearchParams({ until });
      if (cursor) query.set('cursor', cursor);
      const page = await get(`/mango/due?${query}`);
      pages.push(page);
      cursor = page.body.nextCursor;
    } while (cursor);
    return pages;
  })();
  const [pages, places] = await Promise.all([due, get(placesRoute)]);
  return {
    ms: performance.now() - started,
    pages: pages.length,
    jobs: pages.reduce((sum, page) => sum + page.body.plants.length, 0),
    placed: pages.reduce((sum, page) => sum + page.body.plants.filter((/** @type {any} */ p) => p.place).length, 0),
    places: places.body.places.length,
    documents: [...pages, places].reduce((sum, answer) => sum + answer.documents, 0),
    aggregations: [...pages, places].reduce((sum, answer) => sum + answer.aggregations, 0),
    placesDocuments: places.documents,
    placesAggregations: places.aggregations,
    bytes: [...pages, places].reduce((sum, answer) => sum + answer.bytes, 0),
  };
}

/** The accounts and routes measured: Today as the app reads it, without and with places, and with places as it read them before. */
const RUNS = /** @type {const} */ ([
  { name: 'without places', placed: false, route: WALK_ROUTE },
  { name: 'with places', placed: true, route: WALK_ROUTE },
  { name: 'with places, counted', placed: true, route: COUNTED_ROUTE },
]);

/**
 * Today at TODAY_DUE_JOBS due waterings, for an account whose plants stand nowhere and one whose
 * plants stand in PLACES places (also read with the counted read of the places, as Today read them
 * before): the time of all its reads (median of TODAY_ROUNDS), the Firestore documents and count()
 * queries they read and the bytes they carry. Budget: places add at most one document per page,
 * plus the places' own read, and no count() (docs/places.md).
 */
export async function benchTodayWithPlaces() {
  const day = (/** @type {number} */ offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const until = day(7);
  /** @param {boolean} placed */
  const csv = (placed) =>
    [
      `plantName,category,wateringFrequency,lastWateredDate,nextWateringDate${placed ? ',place,placeLight' : ''}`,
      ...Array.from(
        { length: TODAY_DUE_JOBS },
        (_, i) =>
          `Due ${i},fern,Every 3 days,${day(-4)},${day(-(i % 2))}${placed ? `,Room ${(i % PLACES) + 1},medium` : ''}`,
      ),
    ].join('\n');
  /** @type {Record<string, { token: string }>} */
  const accounts = {};
  for (const [name, placed] of /** @type {const} */ ([
    ['without places', false],
    ['with places', true],
  ])) {
    say(`places: ${name}, importing ${TODAY_DUE_JOBS} due plants`);
    const account = await newAccount('today');
    const imported = await functionCall('POST', '/mango/import?dryRun=0', account.token, csv(placed), 'text/csv');
    if (imported.status !== 200) throw new Error(`The import answered ${imported.status}`);
    accounts[name] = account;
  }
  const run = (/** @type {(typeof RUNS)[number]} */ { placed, route }) =>
    todaysReads(accounts[placed ? 'with places' : 'without places'].token, until, route);

  /** @type {Record<string, Awaited<ReturnType<typeof todaysReads>>[]>} */
  const runs = Object.fromEntries(RUNS.map(({ name }) => [name, []]));
  // A round of each first, not counted: the function's first answers pay for its start.
  for (const each of RUNS) await run(each);
  // Each round in another order, so that no variant always goes first.
  for (let round = 0; round < TODAY_ROUNDS; round += 1)
    for (let i = 0; i < RUNS.length; i += 1) {
      const each = RUNS[(i + round) % RUNS.length];
      runs[each.name].push(await run(each));
    }

  /** @type {Record<string, any>} */
  const results = {};
  for (const [name, seen] of Object.entries(runs)) {
    const [first] = seen;
    results[name] = {
      route: RUNS.find((each) => each.name === name)?.route,
      jobs: first.jobs,
      placed: first.placed,
      places: first.places,
      pages: first.pages,
      documentsRead: first.documents,
      aggregations: first.aggregations,
      placesDocuments: first.placesDocuments,
      placesAggregations: first.placesAggregations,
      kb: Math.round(first.bytes / 1024),
      p50Ms: Math.round(median(seen.map((run) => run.ms))),
      runsMs: seen.map((run) => Math.round(run.ms)),
    };
  }
  const without = results['without places'];
  const withPlaces = results['with places'];
  const counted = results['with places, counted'];
  results.ratio = Number((withPlaces.p50Ms / without.p50Ms).toFixed(2));
  results.countedRatio = Number((counted.p50Ms / without.p50Ms).toFixed(2));
  const extra = withPlaces.documentsRead - without.documentsRead;
  if (
    without.jobs !== TODAY_DUE_JOBS ||
    withPlaces.jobs !== TODAY_DUE_JOBS ||
    withPlaces.placed !== TODAY_DUE_JOBS ||
    withPlaces.places !== PLACES
  )
    broken.push(`Today with places: ${TODAY_DUE_JOBS} due jobs were asked, ${JSON.stringify(results)} answered`);
  if (extra > withPlaces.pages + BUDGET.placesExtraReads)
    broken.push(
      `Today with places read ${extra} more documents than without over ${withPlaces.pages} pages (budget: one a page, plus ${BUDGET.placesExtraReads})`,
    );
  if (withPlaces.placesAggregations !== 0)
    broken.push(`Today's read of the walk ran ${withPlaces.placesAggregations} count() queries (budget: none)`);
  if (results.ratio > BUDGET.placesTodayRatio)
    broken.push(`Today with places took ${results.ratio}x the time without (budget ${BUDGET.placesTodayRatio}x)`);
  say(
    `places: Today at ${TODAY_DUE_JOBS} due jobs, ${without.p50Ms} ms without places, ${withPlaces.p50Ms} ms with (${results.ratio}x), ${counted.p50Ms} ms with the counted read (${results.countedRatio}x); ${without.documentsRead} vs ${withPlaces.documentsRead} documents, ${without.aggregations} vs ${withPlaces.aggregations} vs ${counted.aggregations} count()s`,
  );
  return results;
}

/** The section of docs/benchmarks.md for Today with places. */
export function placesLines(/** @type {Record<string, any>} */ today) {
  const withPlaces = today['with places'];
  const counted = today['with places, counted'];
  const without = today['without places'];
  return [
    `Today's reads as the web app makes them, straight at the function: every page of \`GET /mango/due\` to the week's end, one after another, beside one \`GET ${WALK_ROUTE}\` (the walk, no plant counts); ${TODAY_DUE_JOBS.toLocaleString('en-US')} plants due (overdue or today), placed in ${PLACES} places or in none; median of ${TODAY_ROUNDS} rounds, the variants in turn. The last row is the same account read as Today read it before, with \`GET ${COUNTED_ROUTE}\` (each place with its \`count()\`), for comparison.`,
    '',
    "| account | places read | due jobs | pages | documents read | `count()` queries (of them, the places' read) | bytes | p50 (all reads) | runs |",
    '|---|---|---|---|---|---|---|---|---|',
    ...RUNS.map(({ name }) => {
      const r = today[name];
      return `| ${name} | \`${r.route}\` | ${r.jobs.toLocaleString('en-US')} | ${r.pages} + places | ${r.documentsRead.toLocaleString('en-US')} | ${r.aggregations} (${r.placesAggregations}) | ${r.kb} KB | ${r.p50Ms} ms | ${r.runsMs.join(', ')} ms |`;
    }),
    '',
    `With places / without: ${today.ratio}x the time, ${withPlaces.documentsRead - without.documentsRead} more documents (one a page of due plants that stand somewhere), ${withPlaces.aggregations - without.aggregations} more \`count()\` queries. The counted read of the places cost ${counted.placesAggregations} \`count()\` queries more (one a place; each is billed as at least one document read) and took ${today.countedRatio}x the time without places. The \`count()\` queries left are the due pages' own (\`total\`, one a page), with or without places.`,
  ];
}
