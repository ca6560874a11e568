import { ReadableStream } from 'node:stream/web';
import { act } from '@testing-library/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routerReady, routes } from '@/app/router';
import { apiFetch } from '@/lib/api-client';
import { beginHydration } from '@/lib/hydration';
import { fakePlantApi } from '@/test/fake-plant-api';
import { activateLanguage } from '@/lib/i18n/i18n';
import type { Language } from '@/lib/i18n/languages';
import { renderPage } from './prerender';

vi.mock('@/lib/api-client');

/*
 * Each public page as the build prerenders it (src/prerender.tsx), hydrated by the app as a
 * browser does it (main.tsx: the router ready with the page's module and loaders, then a hydration
 * in a transition), under React's development build, which reports every difference between the
 * HTML and the first render: a text, an attribute, an image's `src`, `srcSet` or `sizes`. A
 * difference would make the browser paint the page again once the app has loaded, after the
 * largest paint the HTML had already made (the bench's paint comparison, docs/benchmarks.md).
 * e2e/prerender.spec.ts checks the same in Chromium on the built files.
 */

/** The public pages the build prerenders (build/prerendered-pages.ts), at their own addresses. */
const PUBLIC_PAGES = ['/', '/allPlants', '/login', '/register', '/support', '/aboutUs'];
/** Each in English, and two in other languages: the build writes every page in each (build/prerender.ts). */
const PAGES_IN_LANGUAGES: [string, Language][] = [
  ...PUBLIC_PAGES.map((path): [string, Language] => [path, 'en']),
  ['/', 'de'],
  ['/login', 'fr'],
];

const PLANTS = Array.from({ length: 9 }, (_, i) => ({
  _id: `plant-${i}`,
  plantName: `Fern ${i}`,
  category: 'fern',
  careLevel: 'easy',
  healthStatus: 'Healthy',
  wateringFrequency: 'Weekly',
  image: `/images/plants/fern-${i}.webp`,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}));

// React's static prerender hands its HTML over as a web stream, which jsdom's window lacks.
globalThis.ReadableStream ??= ReadableStream as typeof globalThis.ReadableStream;

let root: Root | undefined;
let router: ReturnType<typeof createMemoryRouter> | undefined;

afterEach(async () => {
  act(() => root?.unmount());
  await activateLanguage('en');
  router?.dispose();
  root = undefined;
  router = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** Every image of the page with what decides which file it paints. */
const imagesOf = (element: Element) =>
  [...element.querySelectorAll('img')].map((img) => ({
    img,
    src: img.getAttribute('src'),
    srcset: img.getAttribute('srcset'),
    sizes: img.getAttribute('sizes'),
  }));

describe('a prerendered public page', () => {
  it.each(PAGES_IN_LANGUAGES)(
    '%s in %s: the app hydrates it as the build drew it, with no difference',
    async (path, language) => {
      // The build has no server answers: its reads never end (lib/server-state.ts).
      vi.mocked(apiFetch).mockImplementation(() => new Promise(() => undefined));
      const { html, title } = await renderPage(path, language);
      if (language !== 'en') expect(title).not.toEqual((await renderPage(path, 'en')).title);
      await activateLanguage(language);
      // React's server renderer leaves the context values of its last render in place when it ends
      // (a server renders nothing else); a render with none switches them back to their defaults,
      // as the browser's renderer in this same process needs them.
      await prerender(<></>);

      window.history.replaceState(null, '', path);
      const container = document.createElement('div');
      container.id = 'root';
      container.innerHTML = html;
      document.body.append(container);
      const main = container.querySelector('main');
      const images = imagesOf(container);
      expect(main).not.toBeNull();

      // In the browser the page's data comes: the lists have plants to draw after hydration.
      const api = fakePlantApi(PLANTS as never);
      vi.mocked(apiFetch).mockImplementation((request) =>
        // The home page's New Plants: GET /mango?limit=8 answers a plain list.
        Promise.resolve((/^\/mango\?limit=\d+$/.test(request) ? PLANTS.slice(0, 8) : api.answer(request)) as never),
      );
      const consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      // The router's scroll restoration, which jsdom does not implement.
      vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
      const recoverable = vi.fn();
      router = createMemoryRouter(routes, { initialEntries: [path] });
      await routerReady(router);
      beginHydration();
      await act(async () => {
        startTransition(() => {
          root = hydrateRoot(
            container,
            <StrictMode>
              <RouterProvider router={router!} />
            </StrictMode>,
            { onRecoverableError: recoverable },
          );
        });
      });

      // Every error React logged, but its development build's note that the server renderer (the
      // prerender above) and the browser's one have both used the same contexts in this process,
      // which a browser never has.
      const errors = consoleErrors.mock.calls
        .map((call) => call.map(String).join(' '))
        .filter((error) => !error.startsWith('Detected multiple renderers concurrently rendering'));
      expect(errors).toEqual([]);
      expect(recoverable).not.toHaveBeenCalled();
      // React adopted the page's nodes: the main landmark and every image the HTML painted, each
      // still showing the same file.
      expect(container.querySelector('main')).toBe(main);
      for (const image of images) {
        expect(image.img.isConnected, image.src ?? '').toBe(true);
        expect(imagesOf(container).find(({ img }) => img === image.img)).toEqual(image);
      }
    },
  );
});
