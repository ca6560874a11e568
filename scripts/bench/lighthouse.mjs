// Lighthouse on the app's pages: a visitor's through a stand-in for Hosting's CDN, the signed-in
// ones straight, with their budgets (see the top of scripts/bench.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCdnProcess } from '../lib/cdn-stand-in.mjs';
import { DEMO_ACCOUNT, URLS } from '../lib/stack.mjs';
import { BUDGET, broken, kb, median, say } from './common.mjs';

// Five runs and their median: on a 2-core machine one run's score moves by up to ten points.
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** Signs the demo account in through the real Login page, in a Chrome profile Lighthouse reuses, with the app's worker installed. */
export async function signedInProfile(/** @type {string} */ chromePath) {
  const { chromium } = await import('@playwright/test');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mango-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    args: CHROME_FLAGS.filter((f) => f !== '--headless=new'),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${URLS.app}/login`);
  await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNT.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${URLS.app}/`);
  // A returning user has the app installed: closed before its worker is active, the profile would
  // have every measured load install it again (the whole precache) beside the page.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await context.close();
  return profile;
}

/**
 * Bytes a Lighthouse run downloaded of one type of resource (its network requests of that
 * `resourceType`: Image, Document, Script, Stylesheet), as sent over the wire (compressed, headers in).
 * @param {any} lhr
 * @param {string} resourceType
 */
function transferBytesOf(lhr, resourceType) {
  /** @type {{ resourceType?: string, transferSize?: number }[]} */
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return requests
    .filter((request) => request.resourceType === resourceType)
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
}

/**
 * What best practices' "errors in the console" audit saw in a Lighthouse run, so a run that fails
 * it says what failed.
 * @param {any} lhr
 */
function consoleErrorsOf(lhr) {
  /** @type {{ source?: string, description?: string, sourceLocation?: { url?: string } }[]} */
  const items = lhr.audits['errors-in-console']?.details?.items ?? [];
  return items.map(
    (item) => `${item.source ?? 'console'}: ${item.description ?? ''} (${item.sourceLocation?.url ?? 'no source'})`,
  );
}

/** Bytes of the images a Lighthouse run downloaded (its network requests of type Image). */
const imageBytesOf = (/** @type {any} */ lhr) => transferBytesOf(lhr, 'Image');

/**
 * @param {string} chromePath
 * @param {{ name: string, url: string, profile?: string }[]} pages
 * @param {{ budgeted?: boolean, via?: string }} [options] budgeted: false for figures reported beside
 *   the budgeted ones; via: how the pages were served, for the log
 */
export async function benchLighthouse(chromePath, pages, { budgeted = true, via = '' } = {}) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  /** @type {Record<string, any>} */
  const results = {};
  for (const { name: page, url, profile } of pages) {
    const name = via ? `${page} (${via})` : page;
    /** @type {any[]} */
    const runs = [];
    // Run 0 warms up and is not counted: a page's first load would time the start of the Functions
    // emulator's worker and the first queries of the Firestore emulator's JVM.
    for (let i = 0; i <= LIGHTHOUSE_RUNS; i += 1) {
      say(i === 0 ? `lighthouse ${name} warm-up` : `lighthouse ${name} run ${i}/${LIGHTHOUSE_RUNS}`);
      let userDataDir;
      if (profile) {
        // A copy of the signed-in profile with a cold HTTP cache, so only the sign-in carries over.
        userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mango-bench-run-'));
        fs.cpSync(profile, userDataDir, { recursive: true });
        for (const cache of ['Default/Cache', 'Default/Code Cache'])
          fs.rmSync(path.join(userDataDir, cache), { recursive: true, force: true });
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: CHROME_FLAGS,
        userDataDir: userDataDir ?? false,
      });
      try {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          disableStorageReset: Boolean(profile),
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
        if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
        if (i > 0)
          runs.push({
            finalUrl: lhr.finalDisplayedUrl,
            loadAverage: os.loadavg()[0],
            scores: Object.fromEntries(
              Object.entries(lhr.categories).map(([key, category]) => [key, Math.round((category.score ?? 0) * 100)]),
            ),
            fcpMs: lhr.audits['first-contentful-paint']?.numericValue,
            siMs: lhr.audits['speed-index']?.numericValue,
            lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
            tbtMs: lhr.audits['total-blocking-time']?.numericValue,
            cls: lhr.audits['cumulative-layout-shift']?.numericValue,
            imageBytes: imageBytesOf(lhr),
            // What the page costs a phone on a slow network beside its images (issue 40): the HTML,
            // JavaScript and CSS it downloaded. What the app's service worker answers from its cache is
            // 0 here (a signed-in profile has it installed), and its precache fetches on a first visit
            // are not in Lighthouse's requests at all (0 bytes of sessionTargetType "worker" measured).
            htmlBytes: transferBytesOf(lhr, 'Document'),
            jsBytes: transferBytesOf(lhr, 'Script'),
            cssBytes: transferBytesOf(lhr, 'Stylesheet'),
            failing: Object.values(lhr.audits)
              .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
              .map((audit) => audit.id),
            consoleErrors: consoleErrorsOf(lhr),
          });
      } finally {
        await chrome.kill();
        if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
      }
    }
    const scores = Object.fromEntries(
      Object.keys(runs[0].scores).map((key) => [key, median(runs.map((run) => run.scores[key]))]),
    );
    results[page] = {
      url: runs[0].finalUrl,
      scores,
      fcpMs: Math.round(median(runs.map((run) => run.fcpMs))),
      siMs: Math.round(median(runs.map((run) => run.siMs))),
      lcpMs: Math.round(median(runs.map((run) => run.lcpMs))),
      tbtMs: Math.round(median(runs.map((run) => run.tbtMs))),
      tbtRunsMs: runs.map((run) => Math.round(run.tbtMs)),
      // The machine's 1-minute load average after each run: on a shared 2-core machine the other
      // processes' share of the cores is most of a run's noise.
      loadAverage: Number(median(runs.map((run) => run.loadAverage)).toFixed(2)),
      cls: Number(median(runs.map((run) => run.cls)).toFixed(3)),
      imageBytes: median(runs.map((run) => run.imageBytes)),
      htmlBytes: median(runs.map((run) => run.htmlBytes)),
      jsBytes: median(runs.map((run) => run.jsBytes)),
      cssBytes: median(runs.map((run) => run.cssBytes)),
      failingAudits: [...new Set(runs.flatMap((run) => run.failing))],
      consoleErrors: [...new Set(runs.flatMap((run) => run.consoleErrors))],
    };
    const r = results[page];
    say(
      `lighthouse ${name}: performance ${scores.performance}, FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms (runs ${r.tbtRunsMs.join(', ')}), CLS ${r.cls}; HTML ${kb(r.htmlBytes)}, JS ${kb(r.jsBytes)}, CSS ${kb(r.cssBytes)}; load average ${r.loadAverage}`,
    );
    for (const error of r.consoleErrors) say(`lighthouse ${name}: in the console, ${error}`);
    if (!budgeted) continue;
    for (const [category, min] of Object.entries(BUDGET.lighthouse)) {
      if ((scores[category] ?? 0) < min)
        broken.push(`Lighthouse ${category} on ${name} is ${scores[category]} (budget ${min})`);
    }
    if (r.cls > BUDGET.cls) broken.push(`Lighthouse CLS on ${name} is ${r.cls} (budget ${BUDGET.cls})`);
    // The public pages by their names here: /allPlants at 100 plants is not one of them, its budget is
    // at 20,000 (named so by main).
    const lcpBudget = BUDGET.publicPages.lcpMs[page];
    if (lcpBudget !== undefined) {
      if (r.lcpMs > lcpBudget) broken.push(`Lighthouse LCP on ${name} is ${r.lcpMs} ms (budget ${lcpBudget} ms)`);
      if (r.tbtMs > BUDGET.publicPages.tbtMs)
        broken.push(`Lighthouse TBT on ${name} is ${r.tbtMs} ms (budget ${BUDGET.publicPages.tbtMs} ms)`);
      // Below every page's budget it is reported once, above.
      const performance = scores.performance ?? 0;
      if (performance >= BUDGET.lighthouse.performance && performance < BUDGET.publicPages.performance)
        broken.push(
          `Lighthouse performance on ${name} is ${scores.performance} (budget ${BUDGET.publicPages.performance} on the public pages)`,
        );
    }
  }
  return results;
}

/** Where the CDN stand-in of the visitors' pages listens (the limits' own stand-in takes 5055). */
const CDN_PORT = 5056;

/**
 * Lighthouse on a visitor's pages as production serves them: through a stand-in for Hosting's CDN
 * (lib/cdn-stand-in.mjs), which keeps the app's files compressed and the API's public answers for
 * their s-maxage, and serves them stale while it revalidates. Without it every run made the
 * Hosting emulator compress each file again and the Firestore emulator scan the plants for the
 * page's answers, on the two cores the browser runs on: at 20,000 plants TBT measured the
 * emulator's JVM, not the page (docs/benchmarks.md). The stand-in runs in a process of its own, as
 * a CDN is not the browser's machine (in the bench's own process, beside Lighthouse, LCP wandered
 * from 0.9 to 2.4 s), and starts empty for each set of pages, so the warm-up run fills it. A
 * signed-in user's answers are private: no CDN keeps them, so those pages are measured straight.
 * @param {string} chromePath
 * @param {(origin: string) => { name: string, url: string }[]} pagesAt the pages at the stand-in's origin
 */
export async function benchVisitorPages(chromePath, pagesAt) {
  const cdn = await startCdnProcess({ target: URLS.hosting, port: CDN_PORT });
  say(`CDN stand-in (process ${cdn.pid}) at ${cdn.url}, in front of the Hosting emulator`);
  /** @type {Record<string, any>} */
  let results;
  try {
    results = await benchLighthouse(chromePath, pagesAt(cdn.url));
  } finally {
    const stats = await cdn.close();
    say(
      `CDN stand-in: ${stats.hits} answers from its cache (${stats.stale} of them stale, revalidated meanwhile), ${stats.misses} from Hosting`,
    );
  }
  return results;
}

/** The paint comparison's runs per page and way (issue: median of 3 each). */
export const PAINT_RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 3);

/**
 * The largest paint's element and its phases in a Lighthouse run: what the visitor saw last grow.
 * @param {any} lhr
 */
function lcpElementOf(lhr) {
  /** @type {any[]} */
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = items[0]?.items?.[0]?.node;
  /** @type {{ phase?: string, label?: string, timing?: number }[]} */
  const phases = items[1]?.items ?? [];
  return {
    selector: node?.selector ?? null,
    snippet: node?.snippet ?? null,
    phases: Object.fromEntries(phases.map((p) => [p.phase ?? p.label ?? '?', Math.round(p.timing ?? 0)])),
  };
}

/**
 * Each public page twice, in one run through the CDN stand-in: as the app serves it, and with every
 * script blocked (what its HTML and CSS paint alone, the floor). The two ways alternate run by run,
 * so the machine's noise falls on both; a warm-up of each first. The ratio of their median LCPs says
 * how much the app's scripts delay the largest paint.
 * @param {string} chromePath
 * @param {(origin: string) => { name: string, url: string }[]} pagesAt the pages at the stand-in's origin
 */
export async function benchPaint(chromePath, pagesAt) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const cdn = await startCdnProcess({ target: URLS.hosting, port: CDN_PORT });
  say(`CDN stand-in (process ${cdn.pid}) at ${cdn.url}, in front of the Hosting emulator`);
  /** @type {Record<string, any>} */
  const results = {};
  try {
    for (const { name, url } of pagesAt(cdn.url)) {
      /** @type {{ scripts: any[], html: any[] }} */
      const runs = { scripts: [], html: [] };
      for (let i = 0; i <= PAINT_RUNS; i += 1) {
        for (const way of /** @type {const} */ (['scripts', 'html'])) {
          say(
            `paint ${name}, ${way === 'html' ? 'scripts blocked' : 'with scripts'}, ${i === 0 ? 'warm-up' : `run ${i}/${PAINT_RUNS}`}`,
          );
          await new Promise((resolve) => setTimeout(resolve, 1000));
          const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, userDataDir: false });
          try {
            const result = await lighthouse(
              url,
              { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
              way === 'html'
                ? { extends: 'lighthouse:default', settings: { blockedUrlPatterns: ['*.js'] } }
                : undefined,
            );
            const lhr = result?.lhr;
            if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
            if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
            if (i > 0)
              runs[way].push({
                lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
                cls: lhr.audits['cumulative-layout-shift']?.numericValue,
                tbtMs: lhr.audits['total-blocking-time']?.numericValue,
                performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
                lcpElement: lcpElementOf(lhr),
              });
          } finally {
            await chrome.kill();
          }
        }
      }
      /** @param {any[]} list */
      const summary = (list) => ({
        lcpMs: Math.round(median(list.map((run) => run.lcpMs))),
        lcpRunsMs: list.map((run) => Math.round(run.lcpMs)),
        cls: Number(median(list.map((run) => run.cls)).toFixed(3)),
        tbtMs: Math.round(median(list.map((run) => run.tbtMs))),
        performance: median(list.map((run) => run.performance)),
        lcpElements: [...new Set(list.map((run) => run.lcpElement.selector))],
        lcpElement: list[0].lcpElement,
      });
      const scripts = summary(runs.scripts);
      const html = summary(runs.html);
      const ratio = Number((scripts.lcpMs / html.lcpMs).toFixed(2));
      results[name] = { scripts, html, ratio };
      say(
        `paint ${name}: LCP ${scripts.lcpMs} ms with scripts (${scripts.lcpRunsMs.join(', ')}), ${html.lcpMs} ms HTML and CSS alone (${html.lcpRunsMs.join(', ')}), ratio ${ratio}; CLS ${scripts.cls}, TBT ${scripts.tbtMs} ms; LCP element ${scripts.lcpElements.join(' | ')} (alone: ${html.lcpElements.join(' | ')})`,
      );
      if (ratio > BUDGET.publicPages.paintRatio)
        broken.push(
          `Paint on ${name}: LCP with scripts is ${ratio}x the HTML's (budget ${BUDGET.publicPages.paintRatio}x)`,
        );
      if (scripts.cls > BUDGET.publicPages.cls)
        broken.push(`Paint on ${name}: CLS ${scripts.cls} (budget ${BUDGET.publicPages.cls})`);
    }
  } finally {
    await cdn.close();
  }
  return results;
}
