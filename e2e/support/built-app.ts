import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The build under test, web/dist, as `npm test` and `npm start` serve it. */
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** A file of the build, by its path inside web/dist. */
export const builtFile = (relative: string): string => path.join(DIST, relative);

/** The URL path of the chunk built from a source module (or 'index.html' for the entry), from Vite's manifest. */
export function builtChunk(source: string): string {
  const manifest = JSON.parse(readFileSync(builtFile('.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not in web/dist/.vite/manifest.json`);
  return `/${chunk.file}`;
}
