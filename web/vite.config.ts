import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { runnerImport } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { compiledMessagesPlugin } from './build/compiled-messages.ts';
import { prerenderPlugin } from './build/prerender.ts';
import { PRERENDERED_PAGES } from './build/prerendered-pages.ts';
import { routeModulesPlugin } from './build/route-modules.ts';
import { sharedChunkPlugin } from './build/shared-chunk.ts';
import { paths, signInPages } from './src/config/paths.ts';

const allPlantsRoute = '/web/src/app/routes/all-plants.tsx';
const sharedChunk = sharedChunkPlugin('/web/src/app/routes/home.tsx');

const packageDir = (name: string) => path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
const reactRouterProduction = path.join(packageDir('react-router'), 'dist/production');

const functionUrl = 'http://127.0.0.1:5001/demo-mango-grove/us-central1/api';

/*
 * This config and the files it imports are files Node could load on its own (Vite's 'native' config
 * loader, which Vite plans to make the default): relative imports name their files. All Plants'
 * first requests come from the page's own module, which reaches the shared model in functions/, a
 * CommonJS package whose TypeScript is written as ES modules: the build loads it the way Vite loads
 * the app's code, rather than this config importing it.
 */
const allPlantsFirstRequests = async () => {
  const { module } = await runnerImport<typeof import('./src/features/plants/lib/all-plants-first-view.ts')>(
    fileURLToPath(new URL('./src/features/plants/lib/all-plants-first-view.ts', import.meta.url)),
    { root: fileURLToPath(new URL('.', import.meta.url)) },
  );
  return module.ALL_PLANTS_FIRST_REQUESTS;
};

export default defineConfig(async ({ command, isSsrBuild }) => ({
  // The footer's year in prerendered pages (build/prerender.ts), until the browser has hydrated them.
  define: { BUILD_YEAR: JSON.stringify(new Date().getFullYear()) },
  plugins: [
    react(),
    // Messages compiled where they stand (src/lib/i18n/messages.ts): the browser gets no ICU parser.
    compiledMessagesPlugin(),
    tailwindcss(),
    sharedChunk.plugin,
    // All Plants' code and its default view's data, and Login's code (also for a visitor on a page
    // that needs sign-in), asked for beside the entry's on that page (see the inline script in
    // index.html).
    routeModulesPlugin(
      { [paths.allPlants]: allPlantsRoute, [paths.login]: '/web/src/app/routes/login.tsx' },
      // Read for the app's build only: the prerender's server build and the dev server write no index.html.
      { [paths.allPlants]: command === 'build' && !isSsrBuild ? await allPlantsFirstRequests() : [] },
      signInPages,
    ),
    // The public pages as HTML (build/prerender.ts): before the worker's precache list is made.
    prerenderPlugin(PRERENDERED_PAGES),
    // The service worker (src/sw/sw.ts, built with Workbox) and the web app manifest. The app
    // registers the worker itself after the first render (app/service-worker.ts), production only.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      devOptions: { enabled: false },
      injectManifest: {
        // The shell: the app's chunks, styles, fonts and icons; plant photos are cached as seen.
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        // Not 404.html: Hosting answers it with its status, 404, which the worker refuses to keep; offline,
        // an unknown address is the app shell, which draws the same not-found page.
        // Nor the pages in the other languages (localized/): a reader of one asks Hosting for it (src/sw/sw.ts).
        globIgnores: ['**/node_modules/**', 'images/**', '404.html', 'localized/**'],
        // Pages under the addresses Hosting serves them at (cleanUrls: /login.html answers a redirect
        // to /login, which the worker would refuse to keep): index.html as /, login.html as /login.
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.map((entry) =>
              entry.url.endsWith('.html')
                ? { ...entry, url: entry.url === 'index.html' ? './' : entry.url.replace(/\.html$/, '') }
                : entry,
            ),
            warnings: [],
          }),
        ],
      },
      manifest: {
        name: 'Mango Grove Tracker',
        short_name: 'Mango Grove',
        description: 'Keep your plants watered: schedules, reminders and care history.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // The header's green (leaf-800) reads well over light and dark pages alike.
        theme_color: '#166534',
        background_color: '#f0fdf4',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  resolve: {
    // '@model' is the whole shared model (with zod); '@model/<file>' reaches one file, so code on
    // the home page's path can use the zod-free rules (care, schedule, validators) without zod.
    alias: [
      {
        find: /^@model\/(.*)$/,
        replacement: fileURLToPath(new URL('../functions/src/model/', import.meta.url)) + '$1',
      },
      { find: /^@model$/, replacement: fileURLToPath(new URL('../functions/src/model/index.ts', import.meta.url)) },
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      // React Router's package exports only its development build, with its warnings for
      // developers; the build takes the production build it ships beside it (/ downloads 1.2 KB
      // less gzipped JavaScript, 2026-11-26). Dev server and tests keep the warnings.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterProduction, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterProduction, 'dom-export.mjs') },
          ]
        : []),
    ],
  },
  build: {
    // The bench reads the manifest to measure what `/` downloads.
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      // Rolldown reports the plugins that took much of a build's time: a figure of the machine's
      // load that day (npm test builds while the type checks and lint run beside it), not a fault
      // the build can mend, and it would fail the check that the build prints nothing on stderr.
      // The messages' compiler (build/compiled-messages.ts) is most of it: about 5,000 messages.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // Everything the entry imports, in the entry's one file: left to itself, Rolldown split what
            // the entry shares with the lazy pages (React, the JSX runtime, its own runtime, the API
            // client, auth...) into ten chunks beside it, and `/` fetched eleven files for what one
            // holds in 3.4 KB less gzipped (each file its own imports, exports and names).
            { name: 'app', tags: ['$initial' as const] },
            // What the lazy pages share, in one chunk (build/shared-chunk.ts).
            { name: 'shared', test: (id: string) => sharedChunk.captures(id), minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev -w web` beside a running `npm start`: the API comes from the Functions emulator.
    proxy: { '/mango': { target: functionUrl, changeOrigin: true } },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Intl's default locale comes from the environment when the worker starts: tests read the app
    // as a US English reader, wherever they run (a reader's own locale is tested in the browser).
    env: { LC_ALL: 'en_US.UTF-8' },
    // Each test file in a fresh VM context of a kept process, rather than a fresh process: jsdom and
    // the libraries load once per worker (the suite in 30 to 33 s, against 67 s, same session).
    pool: 'vmForks',
    // react-router-dom's ES module: Node 20 resolves the package to its CommonJS file, whose
    // require of react-router's ES module a VM context cannot load.
    alias: { 'react-router-dom': path.join(packageDir('react-router-dom'), 'dist/index.mjs') },
  },
}));
