import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The build under test, web/dist, as `npm test` and `npm start` serve it. */
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** A file of the build, by its path inside web/dist. */
export const builtFile = (relative: string): string => path.join(DIST, relative);

const manifest = () =>
  JSON.parse(readFileSync(builtFile('.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;

/** The URL path of the chunk built from a source module (or 'index.html' for the entry), from Vite's manifest. */
export function builtChunk(source: string): string {
  const chunk = manifest()[source];
  if (!chunk) throw new Error(`${source} is not in web/dist/.vite/manifest.json`);
  return `/${chunk.file}`;
}

/** The URL path of a chunk modules share, by its name ('model': the shared model with zod), from Vite's manifest. */
export function builtSharedChunk(name: string): string {
  const chunks = Object.entries(manifest()).filter(([key]) => key.startsWith(`_${name}-`));
  if (chunks.length !== 1) throw new Error(`web/dist/.vite/manifest.json has ${chunks.length} chunks named ${name}`);
  return `/${chunks[0]![1].file}`;
}
