// The bundle (gzipped JS and CSS that `/` downloads, the largest chunk) and the function's cold
// start (time to require the built module in a fresh process).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureBundle } from '../lib/bundle-size.mjs';
import { ROOT } from '../lib/stack.mjs';
import { BUDGET, broken, kb, median } from './common.mjs';

export function benchBundle() {
  const bundle = measureBundle(path.join(ROOT, 'web/dist'));
  if (bundle.homeJsGzip > BUDGET.homeJsGzip)
    broken.push(`/ downloads ${kb(bundle.homeJsGzip)} of JavaScript (budget ${kb(BUDGET.homeJsGzip)})`);
  if (bundle.homeCssGzip > BUDGET.homeCssGzip)
    broken.push(`/ downloads ${kb(bundle.homeCssGzip)} of CSS (budget ${kb(BUDGET.homeCssGzip)})`);
  if (bundle.largestChunk.gzip > BUDGET.chunkGzip)
    broken.push(`${bundle.largestChunk.file} is ${kb(bundle.largestChunk.gzip)} (budget ${kb(BUDGET.chunkGzip)})`);
  return bundle;
}

/** Time to require the built function in a fresh Node process, against an empty require as baseline. */
export function benchColdStart(runs = 10) {
  const probe = (/** @type {string} */ target) =>
    Number(
      spawnSync(
        process.execPath,
        [
          '-e',
          `const t=process.hrtime.bigint();require(${JSON.stringify(target)});console.log(Number(process.hrtime.bigint()-t)/1e6)`,
        ],
        {
          cwd: ROOT,
          encoding: 'utf8',
        },
      ).stdout.trim(),
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
