// What `/` downloads, read from Vite's build manifest: the entry chunk and its static imports,
// plus the home route's chunk (the router loads it before the first paint of `/`).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The bundle budgets, in gzipped bytes; `/`'s JavaScript rose from 100 KB to 115 KB with React 19
 * (docs/decisions/react-19.md), to 116 KB for hydration that yields (docs/decisions/prerender.md),
 * and to 117 KB when it stood 38 bytes under 116 KB: every route is a line of the router's table
 * in the entry (the Places page's line and path were 14 bytes too many, 118,798 B on 2026-12-02),
 * and for the app's languages (docs/decisions/languages.md) at most 3 KB more than the 118,804 B
 * before them, which the work allowed: 120,475 B with every screen through the catalogues
 * (2026-12-02), once the entry's imports were one file again and English formatted its messages
 * without Lingui's runtime, which comes with another language's catalogue.
 */
export const BUNDLE_BUDGET = { homeJsGzip: 118_804 + 3 * 1024, homeCssGzip: 15 * 1024, chunkGzip: 150 * 1024 };

/** @typedef {{ file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[] }} ManifestChunk */

/** @param {string} file */
const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/**
 * @param {string} distDir web/dist
 * @param {string} homeRoute the manifest key of the home route module
 */
export function measureBundle(distDir, homeRoute = 'src/app/routes/home.tsx') {
  /** @type {Record<string, ManifestChunk>} */
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The Vite manifest has no entry chunk.');
  if (!manifest[homeRoute]) throw new Error(`The Vite manifest has no ${homeRoute}.`);

  /** @type {Set<string>} */
  const js = new Set();
  /** @type {Set<string>} */
  const css = new Set();
  /** @param {string} key */
  const collect = (key) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) collect(imported);
  };
  collect(entryKey);
  collect(homeRoute);

  const sum = (/** @type {Set<string>} */ files) =>
    [...files].reduce((total, file) => total + gzipSize(path.join(distDir, file)), 0);
  const chunks = Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.js'))
    .map((chunk) => ({ file: chunk.file, gzip: gzipSize(path.join(distDir, chunk.file)) }))
    .sort((a, b) => b.gzip - a.gzip);

  return {
    homeJsGzip: sum(js),
    homeCssGzip: sum(css),
    homeFiles: [...js, ...css],
    largestChunk: chunks[0] ?? { file: '-', gzip: 0 },
  };
}
