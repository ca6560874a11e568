import { paths } from '../src/config/paths';

/** A prerendered page: the file it is written to, and whether the browser hydrates it. */
export interface PrerenderedPage {
  file: string;
  /** False for the not-found page, which answers every unknown address: the browser draws it again. */
  hydrate: boolean;
}

/**
 * The public pages the build writes as HTML (build/prerender.ts), by path. Hosting serves each
 * file for its path (cleanUrls) and `/404.html` for an address no route has; every other route of
 * the app is app.html, by firebase.json's rewrites (app/router.test.ts checks they agree).
 */
export const PRERENDERED_PAGES: Record<string, PrerenderedPage> = {
  [paths.home]: { file: 'index.html', hydrate: true },
  [paths.login]: { file: 'login.html', hydrate: true },
  [paths.register]: { file: 'register.html', hydrate: true },
  [paths.allPlants]: { file: 'allPlants.html', hydrate: true },
  [paths.support]: { file: 'support.html', hydrate: true },
  [paths.aboutUs]: { file: 'aboutUs.html', hydrate: true },
  '/404': { file: '404.html', hydrate: false },
};
