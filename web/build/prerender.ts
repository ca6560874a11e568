import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { paths } from '../src/config/paths.ts';
import type { PrerenderedPage } from './prerendered-pages';

const ENTRY = 'src/prerender.tsx';

/*
 * The public pages as HTML files, their content already in the markup (src/prerender.tsx renders
 * them with React's static prerender), so a phone paints them before the app's JavaScript has
 * arrived. After the app's own build and before the service worker's precache list is made
 * (vite-plugin-pwa, closeBundle), so the worker keeps the same files. Each file is the built
 * index.html (its styles, scripts and inline script) with the page in #root, its title, and
 * `data-prerendered="<path>"`, which main.tsx hydrates on that exact address only (the not-found
 * page's says paths.notFound: it is hydrated at every address no route has). The unchanged
 * index.html is kept as app.html, the page of every other route (firebase.json, src/sw/sw.ts).
 *
 * Each page is written once per language: English where it always was, every other language under
 * LOCALIZED_ROOT/<code>_ALL/, where Hosting's i18n rewrites (firebase.json `i18n`) find it for a
 * reader whose `firebase-language-override` cookie, or else Accept-Language, names that language.
 * Its `<html lang>` says the language, which main.tsx hydrates it in.
 */
const LOCALIZED_ROOT = 'localized';

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
        // A folder of its own per build, imported as it is: a query on the entry's URL (to load a
        // new build in the same process) would load it twice, once for the chunks that import it,
        // each copy with its own language.
        const serversDir = path.join(config.cacheDir, 'prerender');
        fs.rmSync(serversDir, { recursive: true, force: true });
        const serverDir = path.join(serversDir, String(Date.now()));
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: ENTRY, outDir: serverDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
        });
        const entry = pathToFileURL(path.join(serverDir, `${path.basename(ENTRY, '.tsx')}.js`)).href;
        // The languages too: the app's list is read from its own code, as built.
        const { renderPage, LANGUAGES, SOURCE_LANGUAGE } = (await import(entry)) as typeof import('../src/prerender');
        const dist = path.resolve(config.root, config.build.outDir);
        const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
        const root = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;
        const title = /<title>[^<]*<\/title>/;
        if (!root.test(shell) || !title.test(shell)) throw new Error('prerender: index.html has no #root or <title>');
        fs.writeFileSync(path.join(dist, 'app.html'), shell);
        if (!/<html lang="[^"]*"/.test(shell)) throw new Error('prerender: index.html has no <html lang>');
        for (const { code } of LANGUAGES) {
          const dir = code === SOURCE_LANGUAGE ? dist : path.join(dist, LOCALIZED_ROOT, `${code}_ALL`);
          fs.mkdirSync(dir, { recursive: true });
          const inLanguage = shell.replace(/<html lang="[^"]*"/, `<html lang="${code}"`);
          for (const [route, page] of Object.entries(pages)) {
            const { html, title: name } = await renderPage(route, code);
            const hydrateAt = page.ownPath ? route : paths.notFound;
            const document = scriptsAfterLoad(inLanguage, route)
              .replace(title, () => `<title>${escapeHtml(name)}</title>`)
              .replace(root, () => `<div id="root" data-prerendered="${hydrateAt}">${html}</div>`);
            fs.writeFileSync(path.join(dir, page.file), document);
          }
        }
      },
    },
  };
}

/**
 * A prerendered page paints from its HTML and styles: its scripts (the entry, its modules, and the
 * page's own modules, which index.html's inline script would otherwise ask for at once) leave the
 * head for `<meta name="mango-after-paint">`, which the inline script loads once the page has
 * loaded, so on a slow network they never share the bandwidth with the styles and the page's
 * largest image. The app shell keeps them in the head: it has nothing to show without them.
 */
function scriptsAfterLoad(html: string, route: string): string {
  const scripts: string[] = [];
  const modules: string[] = [];
  const moved = html
    .replace(/\n\s*<meta name="mango-route-modules" content="([^"]*)" \/>/g, (tag, content: string) => {
      const [path, ...files] = content.split(' ');
      if (path !== route) return tag;
      modules.push(...files);
      return '';
    })
    .replace(/\n\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
      scripts.push(src);
      return '';
    })
    .replace(/\n\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      modules.unshift(href);
      return '';
    });
  if (scripts.length !== 1) throw new Error(`prerender: index.html has ${scripts.length} module scripts, not 1`);
  const charset = '<meta charset="UTF-8" />';
  const files = [...scripts, ...new Set(modules)];
  return moved.replace(charset, () => `${charset}\n    <meta name="mango-after-paint" content="${files.join(' ')}" />`);
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
