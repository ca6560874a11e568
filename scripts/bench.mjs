// `npm run bench`: measures what the budgets cover and writes bench/results.json plus the measured
// section of docs/benchmarks.md. Exits non-zero when a budget is broken.
//   bundle       gzipped JS and CSS that `/` downloads, the largest chunk (from the Vite manifest)
//   lighthouse   mobile preset, a warm-up then 5 runs per page, medians: /, /allPlants, /login, a plant's details,
//                the four sign-in pages opened by a visitor (the Login page), and My Plants, Today and the
//                dashboard's overview signed in as the demo account; a CLS budget on every page, LCP, TBT
//                and a higher performance budget on the public pages; the HTML, JS and CSS each page sends.
//                A visitor's pages are loaded as production serves them, through a stand-in for Hosting's
//                CDN in a process of its own; the public pages also straight at the Hosting emulator,
//                reported beside, not budgeted. The signed-in pages straight: no CDN keeps their answers.
//   api          autocannon through Hosting and straight at the function, 100 and 2,000 plants
//   plant list   the paged GET /mango at 100, 2,000, 5,000 and 20,000 plants: bytes, p50 and
//                the Firestore documents read per answer; All Plants' first view and searches
//                through Hosting (budgets at 5,000); Lighthouse on /allPlants at 20,000
//   limits       1,000 anonymous requests in 10 s through Hosting, with and without a CDN
//                that honours the API's caching headers (function invocations counted in the
//                emulator's log), and a burst of writes from one account against its budget
//   writes       a person's bursts on Google's emulator: "Do all due" on 20 waterings, 8 single
//                Watered taps of one account at once, an import of 500 plants
//   photos       upload of a 12-megapixel JPEG straight at the function (median of 5); All Plants' first
//                page with photo covers: Lighthouse and the bytes of its images
//   cold start   time to require the built function module in a fresh process, median of 10
//   jobs         the work done outside requests: a deleted plant's purge at 20,000 events (in a process of
//                its own, for its time and memory, and from the DELETE through the task)
// Each measurement is a module of scripts/bench/: the bundle and the cold start in bundle.mjs, then
// lighthouse.mjs, api.mjs, plant-list.mjs, limits.mjs, writes.mjs, photos.mjs and jobs.mjs (which runs
// digests.mjs and plant-purge.mjs); report.mjs writes the section of docs/benchmarks.md, and common.mjs
// holds what they share (the budgets and those broken, the plants grown, accounts). This file runs them.
//   places       Today at 1,000 due jobs with and without places: its reads' time, documents and bytes
// BENCH_ONLY=lighthouse: the bundle and the Lighthouse pages only (at 100 plants, and /allPlants at 20,000),
// their budgets, bench/results-lighthouse.json and the section printed; BENCH_ONLY=jobs: the jobs only,
// bench/results-jobs.json; BENCH_ONLY=paint and BENCH_ONLY=places: that part only, its own results file and
// its section of docs/benchmarks.md (between its markers). bench/results.json and docs/benchmarks.md are left as they are: they are a
// full run's.
import fs from 'node:fs';
import path from 'node:path';
import { benchApi, benchStoreQueries } from './bench/api.mjs';
import { benchBundle, benchColdStart } from './bench/bundle.mjs';
import { BUDGET, broken, build, growPlantsTo, kb, say } from './bench/common.mjs';
import { benchJobs } from './bench/jobs.mjs';
import { benchLighthouse, benchPaint, benchVisitorPages, signedInProfile } from './bench/lighthouse.mjs';
import { benchBurst, benchCdn } from './bench/limits.mjs';
import { benchPhotos } from './bench/photos.mjs';
import { benchTodayWithPlaces, placesLines } from './bench/places.mjs';
import { benchAllPlants, benchAllPlantsAtSize, benchList, checkListBudgets } from './bench/plant-list.mjs';
import { benchmarksSection, jobsLines, lighthouseSection, paintLines } from './bench/report.mjs';
import { benchWrites } from './bench/writes.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { ROOT, StackError, URLS, startStack } from './lib/stack.mjs';

/** `BENCH_ONLY=lighthouse`: only the bundle and the Lighthouse pages (see the top of this file). */
const ONLY = process.env.BENCH_ONLY ?? '';
if (!['', 'lighthouse', 'jobs', 'paint', 'places'].includes(ONLY))
  throw new Error(`BENCH_ONLY=${ONLY}: the parts known are "lighthouse", "jobs", "paint" and "places".`);
const LIGHTHOUSE_ONLY = ONLY === 'lighthouse';
const JOBS_ONLY = ONLY === 'jobs';
const PAINT_ONLY = ONLY === 'paint';
const PLACES_ONLY = ONLY === 'places';

/** The pages a visitor reaches without signing in, all prerendered (web/build/prerendered-pages.ts). */
const PUBLIC_PAGES = ['/', '/allPlants', '/login', '/support', '/aboutUs'];

/**
 * A part's table in docs/benchmarks.md, between its markers (`<!-- paint:start -->`), with the date
 * and the command that measures that part alone.
 */
function writeMarkedSection(/** @type {string} */ part, /** @type {string[]} */ lines) {
  const docPath = path.join(ROOT, 'docs/benchmarks.md');
  const doc = fs.readFileSync(docPath, 'utf8');
  const marked = new RegExp(`<!-- ${part}:start -->[\\s\\S]*<!-- ${part}:end -->`);
  const section = [
    `Measured ${new Date().toISOString().slice(0, 10)} on a 2-core machine with \`BENCH_ONLY=${part} npm run bench\` (also part of a full \`npm run bench\`; raw figures: \`bench/results-${part}.json\`).`,
    '',
    ...lines,
  ].join('\n');
  if (marked.test(doc))
    fs.writeFileSync(docPath, doc.replace(marked, `<!-- ${part}:start -->\n${section}\n<!-- ${part}:end -->`));
}

/** A part measured alone (BENCH_ONLY): its results file, and its lines printed. */
function writeOnly(/** @type {string} */ part, /** @type {any} */ figures, /** @type {string[]} */ lines) {
  const results = { date: new Date().toISOString(), node: process.version, only: part, [part]: figures, broken };
  fs.mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, `bench/results-${part}.json`), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${lines.join('\n')}\n`);
}

async function main() {
  const chromePath = ensureChromium('chromium');
  build();
  const bundle = benchBundle();
  say(
    `bundle: / downloads ${kb(bundle.homeJsGzip)} JS, ${kb(bundle.homeCssGzip)} CSS; largest chunk ${kb(bundle.largestChunk.gzip)}`,
  );
  if (LIGHTHOUSE_ONLY) say('BENCH_ONLY=lighthouse: the Lighthouse pages only; docs/benchmarks.md is left as it is');
  const coldStart = LIGHTHOUSE_ONLY || PAINT_ONLY || PLACES_ONLY ? undefined : benchColdStart();

  const dataDir = path.join(ROOT, 'bench/tmp/stack');
  fs.rmSync(dataDir, { recursive: true, force: true });
  say('starting the local stack');
  // The load tool and Lighthouse are many visitors from one address of one instance: a visitor's
  // read allowance and the instance's (config/limits.ts) would answer them 429 within a minute.
  process.env.MANGO_VISITOR_READS_PER_MINUTE ??= '1000000';
  process.env.MANGO_ANONYMOUS_READS_PER_MINUTE_PER_INSTANCE ??= '1000000';
  const stack = await startStack({ dataDir, persist: false, seed: true, log: (line) => say(line) });
  const stop = () => stack.stop();
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    const { getFirestore } = await import('firebase-admin/firestore');
    const { getApps } = await import('firebase-admin/app');
    const db = getFirestore(getApps()[0]);
    if (JOBS_ONLY) {
      const jobs = await benchJobs(db);
      const results = { date: new Date().toISOString(), node: process.version, only: 'jobs', jobs, broken };
      fs.mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
      fs.writeFileSync(path.join(ROOT, 'bench/results-jobs.json'), `${JSON.stringify(results, null, 2)}\n`);
      console.log(`\n${jobsLines(jobs).join('\n')}\n`);
      return;
    }
    if (PLACES_ONLY) {
      const today = await benchTodayWithPlaces();
      writeMarkedSection('places', placesLines(today));
      return writeOnly('places', today, placesLines(today));
    }
    await growPlantsTo(db, 100);
    // From the store: a visitor's GET /mango?limit=1 answers what an instance kept for 30 s, which
    // the launcher's readiness probe asked for before the demo plants were in.
    const newest = await db.collection('plants').orderBy('createdAt', 'desc').limit(1).get();
    const plantId = newest.docs[0].id;

    // The public pages' largest paint with the app's scripts and with them blocked, first, on a quiet machine.
    const paint = await benchPaint(chromePath, (origin) =>
      PUBLIC_PAGES.map((route) => ({ name: route, url: `${origin}${route}` })),
    );
    writeMarkedSection('paint', paintLines(paint));
    if (PAINT_ONLY) return writeOnly('paint', paint, paintLines(paint));

    // Lighthouse first, on a quiet machine: its timings are real ones scaled up, so load left over
    // from the API benchmark would count against the pages.
    /** The pages a visitor lands on first, at an origin: through the CDN stand-in, and straight. */
    const publicPages = (/** @type {string} */ origin) => [
      { name: '/', url: `${origin}/` },
      { name: '/allPlants', url: `${origin}/allPlants` },
      { name: '/login', url: `${origin}/login` },
    ];
    const visitors = await benchVisitorPages(chromePath, (origin) => [
      ...publicPages(origin),
      // A visitor who opens a link to a page that needs sign-in: the Login page, without a jump.
      ...['/addPlants', '/myPlants', `/plant/${plantId}`, '/dashboard'].map((route) => ({
        name: `${route.replace(plantId, ':id')} (a visitor)`,
        url: `${origin}${route}`,
      })),
    ]);
    const profile = await signedInProfile(chromePath);
    // The pages a signed-in gardener opens every day, as the demo account (issue 40).
    const signedIn = ['/myPlants', '/dashboard/today', '/dashboard'];
    const { '/plant/:id': plantPage, ...signedInPages } = await benchLighthouse(chromePath, [
      { name: '/plant/:id', url: `${URLS.app}/plant/${plantId}`, profile },
      ...signedIn.map((route) => ({ name: `${route} (signed in)`, url: `${URLS.app}${route}`, profile })),
    ]);
    fs.rmSync(profile, { recursive: true, force: true });
    // In the table's order: the public pages, a plant's page, a visitor at the sign-in pages, signed in.
    const { '/': home, '/allPlants': allPlantsPage, '/login': login, ...visitorAtSignIn } = visitors;
    /** @type {Record<string, any>} */
    const lighthouse = {
      '/': home,
      '/allPlants': allPlantsPage,
      '/login': login,
      '/plant/:id': plantPage,
      ...visitorAtSignIn,
      ...signedInPages,
    };
    // Straight at the Hosting emulator, as before the stand-in: reported beside, not budgeted.
    const lighthouseDirect = await benchLighthouse(chromePath, publicPages(URLS.app), {
      budgeted: false,
      via: 'straight at Hosting',
    });
    // A signed-in page that ends elsewhere (the Login page) measured a visitor: the sign-in did not carry over.
    for (const route of signedIn) {
      const landed = lighthouse[`${route} (signed in)`].url;
      if (new URL(landed).pathname !== route)
        broken.push(`Lighthouse ${route} (signed in) landed on ${landed}: the profile's sign-in did not carry over`);
    }

    /** @type {Record<string, any>} */
    let results;
    if (LIGHTHOUSE_ONLY) {
      say('growing to 20,000 plants');
      await growPlantsTo(db, 20_000);
      const atSize = await benchAllPlantsAtSize(chromePath);
      // The same shape as a full run's for what it measured, so the two compare key by key.
      results = {
        date: new Date().toISOString(),
        node: process.version,
        only: 'lighthouse',
        budgets: BUDGET,
        bundle,
        lighthouse,
        lighthouseDirect,
        plantList: atSize,
        broken,
      };
    } else {
      const photos = await benchPhotos(chromePath);

      const at100 = await benchApi(plantId);
      for (const [name, r] of Object.entries(at100))
        if (name.startsWith('function GET /mango/species') && r.p50 > BUDGET.speciesSearchP50Ms)
          broken.push(`${name} p50 ${r.p50} ms (budget ${BUDGET.speciesSearchP50Ms} ms)`);
      const store100 = await benchStoreQueries(db);
      const cdn = await benchCdn(stack.logFile);
      if (cdn["CDN stand-in, the API's headers"].invocations > 3)
        broken.push(
          `1,000 anonymous requests in 10 s behind the CDN reached the function ${cdn["CDN stand-in, the API's headers"].invocations} times (budget: once per 30 s)`,
        );
      /** @type {Record<number, Record<string, any>>} */
      const list = { 100: await benchList() };
      /** @type {Record<number, Record<string, any>>} */
      const allPlants = { 100: await benchAllPlants(100) };

      say('growing to 2,000 plants');
      await growPlantsTo(db, 2000);
      const at2000 = await benchApi(plantId);
      const store2000 = await benchStoreQueries(db);
      list[2000] = await benchList();
      allPlants[2000] = await benchAllPlants(2000);

      say('growing to 5,000 plants');
      await growPlantsTo(db, 5000);
      list[5000] = await benchList();
      allPlants[5000] = await benchAllPlants(5000);

      say('growing to 20,000 plants');
      const seedStart = Date.now();
      await growPlantsTo(db, 20_000);
      const seedSeconds = (Date.now() - seedStart) / 1000;
      // Lighthouse before the load, as above.
      const atSize = await benchAllPlantsAtSize(chromePath);
      list[20_000] = await benchList();
      allPlants[20_000] = await benchAllPlants(20_000);
      const store20000 = await benchStoreQueries(db);
      checkListBudgets(list);

      // The writes come last: their plants (a burst's 100 and the imports' thousands of short "Due n"
      // ferns) would otherwise be the newest plants and the search's candidates in the list figures.
      const burst = await benchBurst();
      const writes = await benchWrites(db);
      const jobs = await benchJobs(db);
      const places = await benchTodayWithPlaces();
      writeMarkedSection('places', placesLines(places));
      if (burst.other.length) broken.push(`a burst of writes answered ${burst.other.join(', ')} besides 201 and 429`);

      for (const via of ['hosting', 'function']) {
        const key = `${via} GET /mango?limit=8`;
        const growth = at2000[key].p50 / Math.max(at100[key].p50, 1);
        if (growth >= BUDGET.homeListGrowth)
          broken.push(
            `${key} p50 grew ${growth.toFixed(2)}x from 100 to 2,000 plants (budget < ${BUDGET.homeListGrowth}x)`,
          );
      }

      results = {
        date: new Date().toISOString(),
        node: process.version,
        budgets: BUDGET,
        bundle,
        coldStart,
        lighthouse,
        lighthouseDirect,
        photos,
        api: { at100, at2000, storeQueryMs: { at100: store100, at2000: store2000, at20000: store20000 } },
        limits: { cdn, burst },
        writes,
        jobs,
        places,
        plantList: {
          sizes: list,
          allPlants,
          ...atSize,
          seedSecondsTo20000: seedSeconds,
        },
        broken,
      };
    }
    fs.mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
    const resultsFile = LIGHTHOUSE_ONLY ? 'bench/results-lighthouse.json' : 'bench/results.json';
    fs.writeFileSync(path.join(ROOT, resultsFile), `${JSON.stringify(results, null, 2)}\n`);

    // Only a full run writes docs/benchmarks.md: its section has every part, a Lighthouse-only
    // run's would drop the rest.
    const section = LIGHTHOUSE_ONLY ? lighthouseSection(results) : benchmarksSection(results);
    if (!LIGHTHOUSE_ONLY) {
      const docPath = path.join(ROOT, 'docs/benchmarks.md');
      const doc = fs.readFileSync(docPath, 'utf8');
      const marked = /<!-- bench:start -->[\s\S]*<!-- bench:end -->/;
      if (marked.test(doc))
        fs.writeFileSync(docPath, doc.replace(marked, `<!-- bench:start -->\n${section}\n<!-- bench:end -->`));
    }

    console.log(`\n${section}\n`);
  } finally {
    await stop();
  }
}

// After every run, a part measured alone (BENCH_ONLY) too.
main()
  .then(() => {
    if (broken.length) {
      console.error(`[bench] ${broken.length} budget(s) broken:\n  - ${broken.join('\n  - ')}`);
      process.exit(1);
    }
    say('every budget holds');
  })
  .catch((error) => {
    console.error(`[bench] ${error instanceof StackError ? error.message : (error?.stack ?? error)}`);
    process.exit(1);
  });
