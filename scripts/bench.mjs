// `npm run bench`: measures what issue 8 budgets and writes bench/results.json plus the README's
// benchmark section. Exits non-zero when a budget is broken.
//   bundle       gzipped JS and CSS that `/` downloads, the largest chunk (from the Vite manifest)
//   lighthouse   mobile preset, 3 runs per page, medians: /, /allPlants, /login, a plant's details
//   api          autocannon through Hosting and straight at the function, 100 and 2,000 plants
//   cold start   time to require the built function module in a fresh process, median of 10
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { BUNDLE_BUDGET, measureBundle } from './lib/bundle-size.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { DEMO_ACCOUNT, ROOT, StackError, URLS, startStack } from './lib/stack.mjs';

const require = createRequire(import.meta.url);
const BUDGET = {
  ...BUNDLE_BUDGET,
  lighthouse: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 },
  homeListGrowth: 1.5,
};
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const API_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 8);
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];

const say = (/** @type {string} */ line) => console.log(`[bench] ${line}`);
/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** @type {string[]} */
const broken = [];

function build() {
  say('building the function and the web app');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('The build failed.');
}

function benchBundle() {
  const bundle = measureBundle(path.join(ROOT, 'web/dist'));
  if (bundle.homeJsGzip > BUDGET.homeJsGzip) broken.push(`/ downloads ${kb(bundle.homeJsGzip)} of JavaScript (budget ${kb(BUDGET.homeJsGzip)})`);
  if (bundle.homeCssGzip > BUDGET.homeCssGzip) broken.push(`/ downloads ${kb(bundle.homeCssGzip)} of CSS (budget ${kb(BUDGET.homeCssGzip)})`);
  if (bundle.largestChunk.gzip > BUDGET.chunkGzip) broken.push(`${bundle.largestChunk.file} is ${kb(bundle.largestChunk.gzip)} (budget ${kb(BUDGET.chunkGzip)})`);
  return bundle;
}

/** Time to require the built function in a fresh Node process, against an empty require as baseline. */
function benchColdStart(runs = 10) {
  const probe = (/** @type {string} */ target) =>
    Number(
      spawnSync(process.execPath, ['-e', `const t=process.hrtime.bigint();require(${JSON.stringify(target)});console.log(Number(process.hrtime.bigint()-t)/1e6)`], {
        cwd: ROOT,
        encoding: 'utf8',
      }).stdout.trim(),
    );
  const empty = path.join(os.tmpdir(), 'mango-bench-empty.js');
  fs.writeFileSync(empty, '');
  const fn = [];
  const base = [];
  for (let i = 0; i < runs; i += 1) {
    fn.push(probe(path.join(ROOT, 'functions/lib/index.js')));
    base.push(probe(empty));
  }
  return { requireMs: median(fn), baselineMs: median(base) };
}

/**
 * @param {import('firebase-admin/firestore').Firestore} db
 * @param {number} total
 */
async function growPlantsTo(db, total) {
  const { createPlantsRepository } = require(path.join(ROOT, 'functions/lib/plants/plants.repository.js'));
  const repository = createPlantsRepository(db);
  const current = (await db.collection('plants').count().get()).data().count;
  const categories = ['succulent', 'fern', 'flowering', 'bonsai', 'Fruit', 'Flower', 'Vegetable', 'Herbs'];
  const levels = ['easy', 'moderate', 'difficult'];
  const start = Date.now() - 400 * 24 * 3600 * 1000;
  for (let i = current; i < total; i += 1) {
    await repository.createPlant(
      {
        plantName: `Bench plant ${i}`,
        category: categories[i % categories.length],
        careLevel: levels[i % levels.length],
        healthStatus: i % 5 === 0 ? 'Needs Care' : 'Healthy',
        wateringFrequency: 'Every 3 days',
        lastWateredDate: '2026-01-01',
        nextWateringDate: '2026-01-04',
        image: '/images/plants/basil.webp',
        description: 'A plant added by the benchmark to measure how the API grows with the data.',
        userEmail: 'bench@example.test',
        userName: 'Bench',
        ownerUid: 'bench-user',
      },
      // Older than the demo plants, so the newest 8 stay the same.
      new Date(start + i * 1000),
    );
  }
}

const API_ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);

/**
 * Warms the route up (the Functions emulator starts workers on demand), then measures it in a few
 * rounds and keeps the medians: one round on a shared 2-core machine is too noisy to compare.
 * @param {string} url
 */
async function autocannonRun(url) {
  const autocannon = require('autocannon');
  const body = await fetch(url).then((r) => r.text());
  await autocannon({ url, connections: 2, amount: 20, timeout: 30 });
  /** @type {any[]} */
  const rounds = [];
  for (let i = 0; i < API_ROUNDS; i += 1) rounds.push(await autocannon({ url, connections: 10, duration: API_SECONDS, timeout: 30 }));
  return {
    rps: Math.round(median(rounds.map((r) => r.requests.average))),
    p50: median(rounds.map((r) => r.latency.p50)),
    p99: median(rounds.map((r) => r.latency.p99)),
    bytes: Buffer.byteLength(body),
    errors: rounds.reduce((sum, r) => sum + r.errors + r.non2xx + r.timeouts, 0),
  };
}

/** @param {string} plantId */
async function benchApi(plantId) {
  /** @type {Record<string, any>} */
  const results = {};
  for (const [via, base] of [['hosting', URLS.hosting], ['function', URLS.function]]) {
    for (const [name, route] of [['GET /mango?limit=8', '/mango?limit=8'], ['GET /mango', '/mango'], ['GET /mango/:id', `/mango/${plantId}`]]) {
      say(`autocannon ${via} ${name}`);
      results[`${via} ${name}`] = await autocannonRun(`${base}${route}`);
    }
  }
  return results;
}

/**
 * The home list's query straight at the Firestore stand-in (no HTTP, no function), one at a time:
 * median milliseconds of 50 runs after 5 warm-ups. It shows how much of the API's growth is the
 * stand-in's own, which sorts every document for an orderBy where real Firestore reads an index.
 * @param {import('firebase-admin/firestore').Firestore} db
 */
async function benchStoreQuery(db) {
  const query = db.collection('plants').orderBy('createdAt', 'desc').limit(8);
  const times = [];
  for (let i = 0; i < 55; i += 1) {
    const start = performance.now();
    await query.get();
    if (i >= 5) times.push(performance.now() - start);
  }
  return Number(median(times).toFixed(1));
}

/** Signs the demo account in through the real Login page, in a Chrome profile Lighthouse reuses. */
async function signedInProfile(/** @type {string} */ chromePath) {
  const { chromium } = await import('@playwright/test');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mango-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromePath, args: CHROME_FLAGS.filter((f) => f !== '--headless=new') });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${URLS.app}/login`);
  await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNT.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${URLS.app}/`);
  await context.close();
  return profile;
}

/**
 * @param {string} chromePath
 * @param {{ name: string, url: string, profile?: string }[]} pages
 */
async function benchLighthouse(chromePath, pages) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  /** @type {Record<string, any>} */
  const results = {};
  for (const { name, url, profile } of pages) {
    /** @type {any[]} */
    const runs = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) {
      say(`lighthouse ${name} run ${i + 1}/${LIGHTHOUSE_RUNS}`);
      let userDataDir;
      if (profile) {
        // A copy of the signed-in profile with a cold HTTP cache, so only the sign-in carries over.
        userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mango-bench-run-'));
        fs.cpSync(profile, userDataDir, { recursive: true });
        for (const cache of ['Default/Cache', 'Default/Code Cache']) fs.rmSync(path.join(userDataDir, cache), { recursive: true, force: true });
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, userDataDir: userDataDir ?? false });
      try {
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: Boolean(profile) });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
        if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
        runs.push({
          finalUrl: lhr.finalDisplayedUrl,
          scores: Object.fromEntries(Object.entries(lhr.categories).map(([key, category]) => [key, Math.round((category.score ?? 0) * 100)])),
          fcpMs: lhr.audits['first-contentful-paint']?.numericValue,
          siMs: lhr.audits['speed-index']?.numericValue,
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
          tbtMs: lhr.audits['total-blocking-time']?.numericValue,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue,
          failing: Object.values(lhr.audits)
            .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
            .map((audit) => audit.id),
        });
      } finally {
        await chrome.kill();
        if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
      }
    }
    const scores = Object.fromEntries(Object.keys(runs[0].scores).map((key) => [key, median(runs.map((run) => run.scores[key]))]));
    results[name] = {
      url: runs[0].finalUrl,
      scores,
      fcpMs: Math.round(median(runs.map((run) => run.fcpMs))),
      siMs: Math.round(median(runs.map((run) => run.siMs))),
      lcpMs: Math.round(median(runs.map((run) => run.lcpMs))),
      tbtMs: Math.round(median(runs.map((run) => run.tbtMs))),
      cls: Number(median(runs.map((run) => run.cls)).toFixed(3)),
      failingAudits: [...new Set(runs.flatMap((run) => run.failing))],
    };
    for (const [category, min] of Object.entries(BUDGET.lighthouse)) {
      if ((scores[category] ?? 0) < min) broken.push(`Lighthouse ${category} on ${name} is ${scores[category]} (budget ${min})`);
    }
  }
  return results;
}

/** @param {any} results */
function readmeSection(results) {
  const { bundle, lighthouse, api, coldStart } = results;
  const lines = [
    `Measured ${results.date.slice(0, 10)} on this repository's 2-core machine with \`npm run bench\` (raw figures: \`bench/results.json\`).`,
    '',
    `**Bundle** (gzip): \`/\` downloads ${kb(bundle.homeJsGzip)} of JavaScript (budget 100 KB; the product this spec came from shipped 219 KB) and ${kb(bundle.homeCssGzip)} of CSS (budget 15 KB). Largest chunk: ${kb(bundle.largestChunk.gzip)} (\`${bundle.largestChunk.file}\`, budget 150 KB).`,
    '',
    `**Lighthouse** (mobile preset, median of ${LIGHTHOUSE_RUNS} runs):`,
    '',
    '| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |',
    '|---|---|---|---|---|---|---|---|',
    ...Object.entries(lighthouse).map(
      ([name, r]) =>
        `| ${name} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${r.lcpMs} ms | ${r.tbtMs} ms | ${r.cls} |`,
    ),
    '',
    `**API** (autocannon, 10 connections, median of ${API_ROUNDS} rounds of ${API_SECONDS} s after a warm-up; p50/p99 latency in ms; growth = p50 at 2,000 plants / p50 at 100):`,
    '',
    '| call | req/s @100 | p50 @100 | p99 @100 | size @100 | req/s @2000 | p50 @2000 | p99 @2000 | size @2000 | p50 growth |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...Object.keys(api.at100).map((key) => {
      const a = api.at100[key];
      const b = api.at2000[key];
      return `| ${key} | ${a.rps} | ${a.p50} | ${a.p99} | ${kb(a.bytes)} | ${b.rps} | ${b.p50} | ${b.p99} | ${kb(b.bytes)} | ${(b.p50 / Math.max(a.p50, 1)).toFixed(2)}x |`;
    }),
    '',
    `The home list's query alone, straight at the Firestore stand-in (\`orderBy('createdAt', 'desc').limit(8)\`, one at a time), takes ${api.storeQueryMs.at100} ms at 100 plants and ${api.storeQueryMs.at2000} ms at 2,000 (${(api.storeQueryMs.at2000 / Math.max(api.storeQueryMs.at100, 0.1)).toFixed(1)}x): the stand-in sorts every document for an \`orderBy\`, where real Firestore reads an index.`,
    '',
    `**Function cold start**: requiring \`functions/lib/index.js\` takes ${coldStart.requireMs.toFixed(1)} ms (median of 10 fresh processes; an empty module takes ${coldStart.baselineMs.toFixed(1)} ms), because firebase-admin loads on the first request.`,
  ];
  return lines.join('\n');
}

async function main() {
  const chromePath = ensureChromium();
  build();
  const bundle = benchBundle();
  say(`bundle: / downloads ${kb(bundle.homeJsGzip)} JS, ${kb(bundle.homeCssGzip)} CSS; largest chunk ${kb(bundle.largestChunk.gzip)}`);
  const coldStart = benchColdStart();

  const dataDir = path.join(ROOT, 'bench/tmp/stack');
  fs.rmSync(dataDir, { recursive: true, force: true });
  say('starting the local stack');
  const stack = await startStack({ dataDir, persist: false, seed: true, log: (line) => say(line) });
  const stop = () => stack.stop();
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    const { getFirestore } = await import('firebase-admin/firestore');
    const { getApps } = await import('firebase-admin/app');
    const db = getFirestore(getApps()[0]);
    await growPlantsTo(db, 100);
    const newest = await fetch(`${URLS.hosting}/mango?limit=1`).then((r) => r.json());
    const plantId = newest[0]._id;

    // Lighthouse first, on a quiet machine: its timings are real ones scaled up, so load left over
    // from the API benchmark would count against the pages.
    const profile = await signedInProfile(chromePath);
    const lighthouse = await benchLighthouse(chromePath, [
      { name: '/', url: `${URLS.app}/` },
      { name: '/allPlants', url: `${URLS.app}/allPlants` },
      { name: '/login', url: `${URLS.app}/login` },
      { name: '/plant/:id', url: `${URLS.app}/plant/${plantId}`, profile },
    ]);
    fs.rmSync(profile, { recursive: true, force: true });

    const at100 = await benchApi(plantId);
    const store100 = await benchStoreQuery(db);

    say('growing to 2,000 plants');
    await growPlantsTo(db, 2000);
    const at2000 = await benchApi(plantId);
    const store2000 = await benchStoreQuery(db);

    for (const via of ['hosting', 'function']) {
      const key = `${via} GET /mango?limit=8`;
      const growth = at2000[key].p50 / Math.max(at100[key].p50, 1);
      if (growth >= BUDGET.homeListGrowth) broken.push(`${key} p50 grew ${growth.toFixed(2)}x from 100 to 2,000 plants (budget < ${BUDGET.homeListGrowth}x)`);
    }

    const results = { date: new Date().toISOString(), node: process.version, budgets: BUDGET, bundle, coldStart, lighthouse, api: { at100, at2000, storeQueryMs: { at100: store100, at2000: store2000 } }, broken };
    fs.mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);

    const readmePath = path.join(ROOT, 'README.md');
    const readme = fs.readFileSync(readmePath, 'utf8');
    const section = readmeSection(results);
    const marked = /<!-- bench:start -->[\s\S]*<!-- bench:end -->/;
    if (marked.test(readme)) fs.writeFileSync(readmePath, readme.replace(marked, `<!-- bench:start -->\n${section}\n<!-- bench:end -->`));

    console.log(`\n${section}\n`);
  } finally {
    await stop();
  }
  if (broken.length) {
    console.error(`[bench] ${broken.length} budget(s) broken:\n  - ${broken.join('\n  - ')}`);
    process.exit(1);
  }
  say('every budget holds');
}

main().catch((error) => {
  console.error(`[bench] ${error instanceof StackError ? error.message : error?.stack ?? error}`);
  process.exit(1);
});
