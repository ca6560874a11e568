import type { Plugin } from 'vite';

/*
 * The app's small modules that several lazy pages share (badges, banners, dates, the watering
 * hooks...) would each become a chunk of a few hundred bytes, and a page would fetch a dozen of
 * them after its own module: over HTTP/1.1 that is several round trips in a row. This keeps them
 * in one 'shared' chunk instead. Left out: what the home page loads anyway (the entry and the home
 * route with everything they import), and modules that import a library from node_modules the
 * entry does not already have (zod, react-hook-form), so a page never downloads a library it does
 * not use.
 */
export function sharedChunkPlugin(homeRoute: string) {
  const excluded = new Set<string>();
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
    },
  };

  const captures = (id: string) => appModule.test(id) && !excluded.has(id);
  return { plugin, captures };
}
