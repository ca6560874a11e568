// @vitest-environment jsdom
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths';
import { PRERENDERED_PAGES } from './prerendered-pages';

/*
 * The built app (`npm run build -w web`, web/dist): each public page is a file with its content in
 * the markup. Run by `npm test` after the build (scripts/test.mjs).
 */
const dist = path.join(import.meta.dirname, '../dist');
const read = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8');
const parse = (file: string) => new DOMParser().parseFromString(read(file), 'text/html');

const HEADINGS: Record<string, string> = {
  '/': 'Mango Grove Tracker: plant care made simple',
  '/login': 'Login',
  '/register': 'Register',
  '/allPlants': 'All Plants',
  '/support': 'Support',
  '/aboutUs': 'About Us',
  '/404': 'Plant Not Found!',
};

const inlineScripts = (document: Document) =>
  [...document.querySelectorAll('script:not([src])')].map((script) => script.textContent ?? '');
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('base64');

describe('the prerendered pages', () => {
  const shell = parse('app.html');

  it.each(Object.entries(PRERENDERED_PAGES))('%s: its heading and main landmark in the HTML', (route, page) => {
    const document = parse(page.file);
    expect(document.querySelector('h1')?.textContent).toBe(HEADINGS[route]);
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(document.querySelector('main')?.textContent?.trim()).not.toBe('');
    expect(document.querySelector('header nav[aria-label="Main"]')).not.toBeNull();
    expect(document.title).toMatch(/^Mango Grove Tracker \| /);
    // Hydrated on its own address only; the not-found page at every address no route has.
    const root = document.getElementById('root')!;
    expect(root.dataset.prerendered).toBe(page.ownPath ? route : paths.notFound);
    // The one inline script is index.html's, whose hash firebase.json's policy allows: none of React's.
    expect(inlineScripts(document)).toEqual(inlineScripts(shell));
    expect(read('../../firebase.json')).toContain(`'sha256-${sha256(inlineScripts(shell)[0]!)}'`);
  });

  it('keeps the app shell for every other route: the header frame, no page', () => {
    expect(shell.getElementById('root')?.dataset.prerendered).toBeUndefined();
    expect(shell.querySelector('main')).toBeNull();
    expect(shell.querySelector('#root header')).not.toBeNull();
  });

  it("are all in the service worker's precache, under the addresses Hosting serves them at", () => {
    const worker = read('sw.js');
    for (const [route, page] of Object.entries(PRERENDERED_PAGES))
      if (page.ownPath) expect(worker, route).toContain(`"url":"${route === '/' ? './' : route.slice(1)}"`);
    // Hosting answers 404.html with status 404, which would fail the worker's install.
    expect(worker).not.toContain('"url":"404"');
    expect(worker).toContain('"url":"app"');
    // A file's own address answers a redirect (cleanUrls), which the worker would refuse to keep.
    expect(worker).not.toMatch(/"url":"[^"]*\.html"/);
  });
});
