import { paths } from '../src/config/paths.ts';

/** A prerendered page: the file it is written to, and the addresses it is served and hydrated at. */
export interface PrerenderedPage {
  file: string;
  /**
   * True: Hosting serves it at its own path, the service worker keeps it, and the browser hydrates
   * it there. False for the not-found page, which Hosting answers (status 404) at every address no
   * route has, and the browser hydrates at each of them.
   */
  ownPath: boolean;
}

/**
 * The public pages the build writes as HTML (build/prerender.ts), by path. Hosting serves each
 * file for its path (cleanUrls) and `/404.html` for an address no route has; every other route of
 * the app is app.html, by firebase.json's rewrites (app/router.test.ts checks they agree).
 */
export const PRERENDERED_PAGES: Record<string, PrerenderedPage> = {
  [paths.home]: { file: 'index.html', ownPath: true },
  [paths.login]: { file: 'login.html', ownPath: true },
  [paths.register]: { file: 'register.html', ownPath: true },
  [paths.allPlants]: { file: 'allPlants.html', ownPath: true },
  [paths.support]: { file: 'support.html', ownPath: true },
  [paths.aboutUs]: { file: 'aboutUs.html', ownPath: true },
  '/404': { file: '404.html', ownPath: false },
};
