// The Markdown of the bench's figures: the measured section of docs/benchmarks.md (a full run), the
// section a Lighthouse-only run prints, and the jobs' lines a jobs-only run prints.
/** @import { benchJobs } from './jobs.mjs' */
import { API_SECONDS } from './api.mjs';
import { API_ROUNDS, BUDGET, LIST_PAGE, kb, median } from './common.mjs';
import { LIGHTHOUSE_RUNS, PAINT_RUNS } from './lighthouse.mjs';
import { PHOTO_UPLOAD_RUNS } from './photos.mjs';
import { ALL_PLANTS_BUDGET_SIZE, LIST_SECONDS } from './plant-list.mjs';

const LIST_SIZES = [100, 2000, 5000, 20_000];

/**
 * The bundle and Lighthouse part of the section, the same in a full run and a Lighthouse-only one:
 * the pages at 100 plants and /allPlants at 20,000 in one table.
 * @param {any} results
 */
function lighthouseLines(results) {
  const { bundle } = results;
  /** @type {Record<string, any>} */
  const pages = { ...results.lighthouse };
  if (results.plantList?.lighthouseAt20000) pages['/allPlants at 20,000'] = results.plantList.lighthouseAt20000;
  /** @type {Record<string, any>} */
  const direct = { ...results.lighthouseDirect };
  if (results.plantList?.lighthouseAt20000Direct)
    direct['/allPlants at 20,000'] = results.plantList.lighthouseAt20000Direct;
  const bytes = (/** @type {number | undefined} */ n) => (n === undefined ? '-' : kb(n));
  const row = (/** @type {string} */ name, /** @type {any} */ r) =>
    `| ${name} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${r.fcpMs} ms | ${r.lcpMs} ms | ${r.tbtMs} ms | ${r.cls} | ${bytes(r.htmlBytes)} | ${bytes(r.jsBytes)} | ${bytes(r.cssBytes)} |`;
  const lcpBudgets = Object.entries(BUDGET.publicPages.lcpMs)
    .map(([name, ms]) => `\`${name}\` ${ms} ms`)
    .join(', ');
  return [
    `**Bundle** (gzip): \`/\` downloads ${kb(bundle.homeJsGzip)} of JavaScript (budget ${kb(BUDGET.homeJsGzip)}; the product this app replaces shipped 219 KB) and ${kb(bundle.homeCssGzip)} of CSS (budget ${kb(BUDGET.homeCssGzip)}). Largest chunk: ${kb(bundle.largestChunk.gzip)} (\`${bundle.largestChunk.file}\`, budget ${kb(BUDGET.chunkGzip)}).`,
    '',
    `**Lighthouse** (mobile preset, median of ${LIGHTHOUSE_RUNS} runs after one warm-up load; at 100 plants but the last row; a visitor's pages (all but a plant's page and "signed in") through a stand-in for Hosting's CDN in a process of its own, as production serves them; "signed in": the demo account, its app's worker installed, straight at the Hosting emulator; HTML / JS / CSS: bytes transferred, compressed, by resource type, 0 where the app's service worker answers from its cache (signed in). Budgets on every page: performance ${BUDGET.lighthouse.performance}, accessibility ${BUDGET.lighthouse.accessibility}, best practices ${BUDGET.lighthouse['best-practices']}, SEO ${BUDGET.lighthouse.seo}, CLS ${BUDGET.cls}; on the public pages performance ${BUDGET.publicPages.performance}, TBT ${BUDGET.publicPages.tbtMs} ms and LCP ${lcpBudgets}):`,
    '',
    '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | HTML | JS | CSS |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...Object.entries(pages).map(([name, r]) => row(name, r)),
    '',
    ...(Object.keys(direct).length
      ? [
          'The public pages straight at the Hosting emulator, as the bench measured them before the stand-in (reported, not budgeted: every run makes the emulator compress each file again and, for All Plants, the Firestore emulator scan the plants, on the two cores the browser runs on):',
          '',
          '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | HTML | JS | CSS |',
          '|---|---|---|---|---|---|---|---|---|---|---|---|',
          ...Object.entries(direct).map(([name, r]) => row(name, r)),
          '',
        ]
      : []),
    `Image bytes per page (median): ${Object.entries(pages)
      .map(([name, r]) => `${name} ${kb(r.imageBytes)}`)
      .join(', ')}.`,
  ];
}

/**
 * The section of a Lighthouse-only run (BENCH_ONLY=lighthouse): printed, not written to
 * docs/benchmarks.md, whose section is a full run's.
 * @param {any} results
 */
export function lighthouseSection(results) {
  return [
    `Measured ${results.date.slice(0, 10)} on a 2-core machine with \`BENCH_ONLY=lighthouse npm run bench\` (the bundle and Lighthouse only; raw figures: \`bench/results-lighthouse.json\`).`,
    '',
    ...lighthouseLines(results),
  ].join('\n');
}

/** @param {any} results */
export function benchmarksSection(results) {
  const { lighthouse, photos, api, coldStart, plantList } = results;
  const lines = [
    `Measured ${results.date.slice(0, 10)} on a 2-core machine with \`npm run bench\`, on Google's Cloud Firestore emulator (raw figures: \`bench/results.json\`).`,
    '',
    ...lighthouseLines(results),
    '',
    `**Photos**: an upload of a 12-megapixel JPEG (4000 x 3000, ${(photos.upload12MpBytes / 1024 / 1024).toFixed(1)} MB, camera-like grain) straight at the function, from the request's first byte to the answer's last (decode, turn, three WebP encodes, one commit; the loopback transfer is in it): median ${photos.upload12MpMs} ms of ${PHOTO_UPLOAD_RUNS} after a warm-up (runs ${photos.upload12MpRunsMs.join(', ')} ms). All Plants' first page with a photo cover on each of its ${photos.firstPageWithThumbs} plants (1600 x 1200 photos as the app's upload sends them, ${kb(photos.coverBytes)} each): Lighthouse performance ${photos.allPlantsWithCovers.scores.performance}, accessibility ${photos.allPlantsWithCovers.scores.accessibility} (LCP ${photos.allPlantsWithCovers.lcpMs} ms, CLS ${photos.allPlantsWithCovers.cls}), ${kb(photos.allPlantsWithCovers.imageBytes)} of images downloaded (median of ${LIGHTHOUSE_RUNS}; the same page with the plants' own images: ${kb(lighthouse['/allPlants'].imageBytes)}).`,
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
    `Straight at the Firestore emulator, one at a time: the home list's query (\`orderBy('createdAt', 'desc').limit(9)\`) takes ${api.storeQueryMs.at100.homeMs} ms at 100 plants, ${api.storeQueryMs.at2000.homeMs} ms at 2,000 and ${api.storeQueryMs.at20000.homeMs} ms at 20,000; All Plants' search query (\`category ==\`, \`array-contains\` on one of the twelve gram arrays, \`orderBy\`) ${api.storeQueryMs.at100.searchMs} ms, ${api.storeQueryMs.at2000.searchMs} ms and ${api.storeQueryMs.at20000.searchMs} ms: the emulator reads every plant for every query, where Firestore reads an index.`,
    '',
    `**Plant list** (the paged \`GET /mango\` of All Plants, All Items, My Plants and My Items, straight at the function; idle: median of 5 requests one at a time; p50: autocannon, 10 connections, median of ${API_ROUNDS} rounds of ${LIST_SECONDS} s; reads from the answer's \`X-Firestore-Reads\`: documents read, plus count() aggregations, which Firestore bills by index entries; pages of ${LIST_PAGE}; plants written straight into the Firestore emulator, 20,000 in ${plantList.seedSecondsTo20000.toFixed(0)} s):`,
    '',
    `| call | ${LIST_SIZES.map((n) => `size / idle / p50 / reads @${n.toLocaleString('en-US')}`).join(' | ')} | p50 growth |`,
    `|---|${LIST_SIZES.map(() => '---').join('|')}|---|`,
    ...Object.keys(plantList.sizes[LIST_SIZES[0]]).map((name) => {
      const cells = LIST_SIZES.map((n) => {
        const r = plantList.sizes[n][name];
        if (r.status !== 200) return `${r.status} after ${r.idleMs} ms (emulator scan)`;
        return `${kb(r.bytes)} / ${r.idleMs} ms / ${r.p50 ?? '-'} ms / ${r.documentsRead} + ${r.aggregations} count`;
      });
      const largest = plantList.sizes[LIST_SIZES[LIST_SIZES.length - 1]][name];
      const growth =
        largest.p50 === null
          ? '-'
          : `${(largest.p50 / Math.max(plantList.sizes[LIST_SIZES[0]][name].p50, 1)).toFixed(1)}x`;
      return `| ${name} | ${cells.join(' | ')} | ${growth} |`;
    }),
    '',
    `**All Plants through Hosting**, as the browser asks (one request, or the first view's two together, at a time; p50 / max of 5 after one not counted; plants named "Golden Fern 123" and the like; budgets at ${ALL_PLANTS_BUDGET_SIZE.toLocaleString('en-US')} plants: the first view within ${BUDGET.allPlants.firstViewMs} ms, searches p50 ${BUDGET.allPlants.searchP50Ms} ms and max ${BUDGET.allPlants.searchMaxMs} ms):`,
    '',
    `| view | ${LIST_SIZES.map((n) => `@${n.toLocaleString('en-US')}`).join(' | ')} |`,
    `|---|${LIST_SIZES.map(() => '---').join('|')}|`,
    ...Object.keys(plantList.allPlants[LIST_SIZES[0]]).map((name) => {
      const cells = LIST_SIZES.map((n) => {
        const r = plantList.allPlants[n][name];
        return `${r.p50} / ${r.max} ms${r.statuses.some((/** @type {number} */ status) => status !== 200) ? ` (${r.statuses.join(', ')})` : ''}`;
      });
      return `| ${name} | ${cells.join(' | ')} |`;
    }),
    '',
    `Lighthouse on /allPlants with 20,000 plants, through the CDN stand-in: performance ${plantList.lighthouseAt20000.scores.performance}, accessibility ${plantList.lighthouseAt20000.scores.accessibility} (LCP ${plantList.lighthouseAt20000.lcpMs} ms, TBT ${plantList.lighthouseAt20000.tbtMs} ms, median of ${LIGHTHOUSE_RUNS}; straight at the Hosting emulator, not budgeted: performance ${plantList.lighthouseAt20000Direct.scores.performance}, LCP ${plantList.lighthouseAt20000Direct.lcpMs} ms, TBT ${plantList.lighthouseAt20000Direct.tbtMs} ms). Budgets: every answer at most 30 KB and flat from 100 to 20,000 plants; at most ${LIST_PAGE + 1} documents read per page for the default view, filters and sorts; a search longer than three characters reads candidates within a fixed budget (the "golden" row). Latency is reported, not budgeted: the emulator's own query time grows with the collection (above), where Firestore's is that of the page.`,
    '',
    `**Limits**. 1,000 anonymous \`GET /mango?limit=8\` in 10 s (autocannon, 100 a second, 10 connections); Hosting's emulator has no CDN, so a stand-in for it (\`scripts/lib/cdn-stand-in.mjs\`, RFC 9111 through http-cache-semantics) sits in front of it; function invocations counted in the emulator's log:`,
    '',
    '| path | requests | function invocations | p50 | p99 | errors |',
    '|---|---|---|---|---|---|',
    ...Object.entries(results.limits.cdn).map(
      ([name, r]) => `| ${name} | ${r.requests} | ${r.invocations} | ${r.p50} ms | ${r.p99} ms | ${r.errors} |`,
    ),
    '',
    `A burst of ${results.limits.burst.attempted} adds from one account, 5 at a time, in ${(results.limits.burst.burstMs / 1000).toFixed(1)} s: ${results.limits.burst.accepted} accepted (the bucket's 100 and what refilled meanwhile), ${results.limits.burst.refused} refused with \`429 rate_limited\` (\`Retry-After: ${results.limits.burst.retryAfter}\`), nothing else; the next add was accepted ${results.limits.burst.recoveredMs} ms after the burst (the budget refills one write a second).`,
    '',
    `**A person's bursts of writes** (straight at the function, on fresh accounts, median of ${results.writes.rounds} rounds): "Do all due" with 20 waterings due, one \`POST /mango/care\`, answers in ${results.writes.doAllDue20Ms} ms (budget ${BUDGET.doAllDue20Ms} ms); 8 single Watered taps of one account (\`POST /mango/:id/care/water\`, each with its job id) sent at once are all answered after ${results.writes.eightSinglesMs} ms; an import of 500 plants takes ${results.writes.import500Ms} ms. ${results.writes.serverErrors} answers were 5xx and ${results.writes.refused} refused; plant counts and every plant's history ${results.writes.exact ? 'were exact' : 'were NOT exact'} after each.`,
    '',
    `**Function cold start**: requiring \`functions/lib/index.js\` takes ${coldStart.requireMs.toFixed(1)} ms (median of 10 fresh processes; an empty module takes ${coldStart.baselineMs.toFixed(1)} ms), because firebase-admin loads on the first request.`,
  ];
  return lines.join('\n');
}

/** The jobs' lines of the benchmarks section. @param {Awaited<ReturnType<typeof benchJobs>>} jobs */
export function jobsLines({ purge, digests }) {
  const events = purge.events.toLocaleString('en-US');
  return [
    `- The email digests of ${digests.people.toLocaleString('en-US')} people due at once (each with a plant due), through the scheduled function, the Cloud Tasks emulator, the Functions emulator and the mail server: the scheduled run answered in ${(digests.tick.ms / 1000).toFixed(1)} s (one document read per person; ${Math.ceil(digests.people / 500)} batches queued); ${digests.complete ? `all ${digests.claimed.toLocaleString('en-US')} digests sent in ${digests.sendMinutes.toFixed(1)} min` : `${digests.claimed.toLocaleString('en-US')} digests sent in the ${digests.windowMinutes} minutes the bench waits`} (${digests.perSecond.toFixed(1)} a second; claimed at each half minute: ${digests.progress.map((p) => p.claimed).join(', ')}). One digest read ${median(digests.sample.reads)} documents and ${median(digests.sample.aggregations)} count() (median of ${digests.sample.size}), wrote 2 and took ${median(digests.sample.ms)} ms in a process of its own. 100,000 digests on the platform, from these figures: the queue dispatches at most 500 a second (Cloud Tasks' default) and 200 at once (\`DIGEST_OPTIONS\`), so about ${(Math.max(100_000 / 500, (100_000 * median(digests.sample.ms)) / 1000 / 200) / 60).toFixed(1)} min.`,
    `- A deleted plant's purge at ${events} events: the DELETE answers in ${purge.deleteMs} ms; the purge alone (recursiveDelete through a BulkWriter, in a process of its own) ${(purge.purge.ms / 1000).toFixed(1)} s, peak RSS ${purge.purge.rssPeakMb.toFixed(0)} MiB (${purge.purge.rssBeforeMb.toFixed(0)} MiB before); from the DELETE through the task to nothing left ${(purge.endToEndMs / 1000).toFixed(1)} s.`,
  ];
}

/**
 * The paint comparison (benchPaint) as a table: each public page's LCP with the app's scripts and
 * with every script blocked, their ratio, and CLS and TBT with the scripts.
 * @param {Record<string, any>} paint
 */
export function paintLines(paint) {
  return [
    `Lighthouse's mobile preset through the CDN stand-in, median of ${PAINT_RUNS} each, the two ways alternating run by run; "HTML and CSS alone" is the same page with every script blocked (Lighthouse's \`blockedUrlPatterns: ['*.js']\`), the floor its markup sets.`,
    '',
    "| page | LCP with the app's scripts | LCP, HTML and CSS alone | ratio | CLS | TBT | performance | LCP element |",
    '|---|---|---|---|---|---|---|---|',
    ...Object.entries(paint).map(
      ([page, r]) =>
        `| \`${page}\` | ${r.scripts.lcpMs.toLocaleString('en-US')} ms | ${r.html.lcpMs.toLocaleString('en-US')} ms | ${r.ratio.toFixed(2)} | ${r.scripts.cls} | ${r.scripts.tbtMs} ms | ${r.scripts.performance} | \`${(r.scripts.lcpElement.selector ?? '-').replaceAll('|', '\\|')}\` |`,
    ),
  ];
}
