import type { Plugin } from 'vite';

/*
 * A page's lazy module is only asked for once the entry chunk has downloaded and run, so on a
 * slow phone All Plants' code arrives a whole round trip after the app's. This names, for the
 * routes given, the chunks their module needs beyond what the entry already loads, in a
 * `<meta name="mango-route-modules" content="<path> <url> <url>...">` tag per route; the inline
 * script in index.html turns them into <link rel="modulepreload"> on that path only, so `/`
 * downloads nothing more. Likewise `requests` names the API requests a route's first view
 * starts at once (`<meta name="mango-route-data" content="<path> <request>...">`), and
 * `signInPages` the pages a visitor is sent to Login from (each path and every path under it,
 * `<meta name="mango-sign-in-pages" content="<path>...">`), which download Login's code. Meta tags
 * (data, not script) keep the inline script, and so its CSP hash in firebase.json, the same from
 * build to build, whatever the chunks or the page size.
 */
export function routeModulesPlugin(
  routes: Record<string, string>,
  requests: Record<string, readonly string[]> = {},
  signInPages: readonly string[] = [],
): Plugin {
  return {
    name: 'mango-route-modules',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (file: string, into = new Set<string>()) => {
          if (into.has(file)) return into;
          into.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
          return into;
        };
        const loaded = closure(entry.fileName);
        const tags = Object.entries(routes).map(([path, source]) => {
          const route = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(source));
          if (!route) throw new Error(`mango-route-modules: no chunk for ${source}`);
          const files = [...closure(route.fileName)].filter((file) => !loaded.has(file));
          return `\n    <meta name="mango-route-modules" content="${[path, ...files.map((file) => `/${file}`)].join(' ')}" />`;
        });
        for (const [path, urls] of Object.entries(requests)) {
          if (urls.some((url) => !url.startsWith('/') || /[\s"<>]/.test(url)))
            throw new Error(`mango-route-modules: a request of ${path} is not a plain path: ${urls.join(' ')}`);
          tags.push(
            `\n    <meta name="mango-route-data" content="${[path, ...urls].join(' ').replaceAll('&', '&amp;')}" />`,
          );
        }
        if (signInPages.length)
          tags.push(`\n    <meta name="mango-sign-in-pages" content="${signInPages.join(' ')}" />`);
        // After the charset, before the inline script that reads them.
        const charset = '<meta charset="UTF-8" />';
        if (!html.includes(charset)) throw new Error('mango-route-modules: index.html has no charset meta');
        return html.replace(charset, charset + tags.join(''));
      },
    },
  };
}
