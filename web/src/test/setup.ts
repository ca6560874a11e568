import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { disposeRouters } from './render-route';

// findBy and waitFor wait up to 3 s rather than Testing Library's 1 s: `npm test` runs this suite
// beside others on 2 cores, where All Plants' 30 cards drawn again after a filter once took longer
// than 1 s (the 'Show more plants' test, 1,595 ms in all, 2026-11-27; about 1 s with three copies
// of its file at once). A wait that succeeds returns as soon as it does.
configure({ asyncUtilTimeout: 3000 });

/** False in a file that runs without a window (`@vitest-environment node`). */
const hasWindow = typeof window !== 'undefined';

afterEach(async () => {
  // The page goes first, so what its routers' loaders end with (a read aborted) draws nothing.
  if (hasWindow) cleanup();
  await disposeRouters();
  if (!hasWindow) return;
  localStorage.clear();
  document.documentElement.className = '';
});

// jsdom has no matchMedia; libraries (sweetalert2) and hooks (prefers-reduced-motion) read it.
// Tests that need a match stub their own.
if (hasWindow && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
