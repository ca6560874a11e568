import type { Plugin } from 'vite';

/*
 * The app's small modules that several lazy pages share (badges, banners, dates, the watering
 * hooks...) would each become a chunk of a few hundred bytes, and a page would fetch a dozen of
 * them after its own module: over HTTP/1.1 that is several round trips in a row. This keeps them
 * in one 'shared' chunk instead. Left out: what the home page loads anyway (the entry and the home
 * route with everything they import), and modules that import a library from node_modules the
 * entry does not already have (zod, react-hook-form), so a page never downloads a library it does
 * not use.
 *
 * What a visitor's pages import (`visitorRoots`: All Plants, whose chunks index.html asks for
 * beside the entry, so round trips do not count there, and the app's start after load: the
 * worker and the offline queue) goes in a chunk of its own, 'visitor': a visitor then downloads
 * the 5 KB of shared code these use, not the 13 KB that the signed-in pages (calendar, dashboard,
 * forms) share as well. Those pages load both chunks, side by side.
 */
export function sharedChunkPlugin(homeRoute: string, visitorRoots: string[] = []) {
  const excluded = new Set<string>();
  const visitor = new Set<string>();
  const appModule = /\/web\/src\/|\/functions\/src\/model\//;

  const plugin: Plugin = {
    name: 'mango-shared-chunk',
    apply: 'build',
    buildEnd() {
      excluded.clear();
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const queue = [...roots];
        while (queue.length) {
          const id = queue.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...imports(id));
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const entry = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      for (const id of closure([...entry, ...ids.filter((id) => id.endsWith(homeRoute))])) excluded.add(id);
      for (const id of ids) {
        if (!appModule.test(id) || excluded.has(id)) continue;
        if ([...closure([id])].some((dep) => dep.includes('/node_modules/') && !entry.has(dep))) excluded.add(id);
      }
      visitor.clear();
      const roots = visitorRoots.map((root) => {
        const id = ids.find((candidate) => candidate.endsWith(root));
        if (!id) throw new Error(`mango-shared-chunk: no module ${root}`);
        return id;
      });
      for (const id of closure(roots)) visitor.add(id);
    },
  };

  const captures = (id: string) => appModule.test(id) && !excluded.has(id);
  return {
    plugin,
    captures,
    /** A shared module that one of `visitorRoots` imports. */
    capturesForVisitors: (id: string) => captures(id) && visitor.has(id),
  };
}
