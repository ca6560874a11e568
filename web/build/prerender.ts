import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { PrerenderedPage } from './prerendered-pages';

const ENTRY = 'src/prerender.tsx';

/*
 * The public pages as HTML files, their content already in the markup (src/prerender.tsx renders
 * them with React's static prerender), so a phone paints them before the app's JavaScript has
 * arrived. After the app's own build and before the service worker's precache list is made
 * (vite-plugin-pwa, closeBundle), so the worker keeps the same files. Each file is the built
 * index.html (its styles, scripts and inline script) with the page in #root, its title, and
 * `data-prerendered="<path>"`, which main.tsx hydrates on that exact address only. The unchanged
 * index.html is kept as app.html, the page of every other route (firebase.json, src/sw/sw.ts).
 */
export function prerenderPlugin(pages: Record<string, PrerenderedPage>): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'mango-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: 'pre',
      async handler() {
        if (config.build.ssr) return;
        const serverDir = path.join(config.cacheDir, 'prerender');
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: ENTRY, outDir: serverDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
        });
        const entry = pathToFileURL(path.join(serverDir, `${path.basename(ENTRY, '.tsx')}.js`)).href;
        const { renderPage } = (await import(`${entry}?${Date.now()}`)) as typeof import('../src/prerender');
        const dist = path.resolve(config.root, config.build.outDir);
        const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
        const root = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;
        const title = /<title>[^<]*<\/title>/;
        if (!root.test(shell) || !title.test(shell)) throw new Error('prerender: index.html has no #root or <title>');
        fs.writeFileSync(path.join(dist, 'app.html'), shell);
        for (const [route, page] of Object.entries(pages)) {
          const { html, title: name } = await renderPage(route);
          const attributes = page.hydrate ? ` data-prerendered="${route}"` : '';
          const document = shell
            .replace(title, () => `<title>${escapeHtml(name)}</title>`)
            .replace(root, () => `<div id="root"${attributes}>${html}</div>`);
          fs.writeFileSync(path.join(dist, page.file), document);
        }
      },
    },
  };
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
