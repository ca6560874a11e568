import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/*
 * What `npm test`'s build of the function and the web app wrote to stderr (scripts/test.mjs keeps
 * it). `npm start` builds the same way and shows a newcomer that and nothing else of the build
 * (scripts/start.mjs), so a warning there is the first thing they read.
 */
const stderr = path.join(import.meta.dirname, '../../test-results/build-stderr.txt');

it('the build writes nothing on stderr: no warning, from Vite or anything else', () => {
  expect(fs.existsSync(stderr), `${stderr} is written by npm test's build`).toBe(true);
  expect(fs.readFileSync(stderr, 'utf8')).toBe('');
});
