import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createRouter, routerReady, sendVisitorToLogin } from './app/router';
import { paths } from './config/paths';
import { keepReadsBeforeWorker } from './lib/api-client';
import { beginHydration } from './lib/hydration';
import { listenForUpdatedAnswers } from './lib/server-state';
import { onSignIn, startAuthSoon } from './lib/auth';
import { activateLanguage, documentLanguage, readerLanguage } from './lib/i18n/i18n';
import { whenIdle } from './lib/idle';
import { prepareLocaleData } from './lib/text';
import { initTheme } from './lib/theme';
import './index.css';

initTheme();
if (import.meta.env.PROD) {
  listenForUpdatedAnswers();
  keepReadsBeforeWorker();
}
// A visitor on a sign-in page is at /login from the first moment, before the router starts below.
sendVisitorToLogin();
// The router starts (and with it the first page's module and loaders) in a task after the one that
// evaluated the app's code: together they were one long task, 154 to 192 ms blocking at 4x CPU.
setTimeout(start);

/** The app's router, once started: the service worker's word takes an open page to Today through it. */
let appRouter: ReturnType<typeof createRouter> | undefined;

/** The router, then React: hydrating the build's page for this address, or drawing the page. */
function start() {
  const router = createRouter();
  appRouter = router;
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  const prerendered = root.dataset.prerendered;
  const language = readerLanguage();
  // The not-found page is Hosting's answer at every address no route has, where the router draws it too.
  const prerenderedHere = prerendered === location.pathname + location.search || prerendered === paths.notFound;
  // A page in another language than the reader's (the worker's English copy, offline) is drawn anew in theirs.
  if (prerenderedHere && language === documentLanguage()) {
    // A page the build prerendered for this address, in the reader's language (build/prerender.ts),
    // is already on screen: React takes it over once the router has the page's module and has run
    // its loaders, so the first render is the page the build drew, not its loading frame. As a
    // transition (see below), hydration too yields to the browser; and it starts in a task of its
    // own, not in the one where the router finishes the page's module (hydrateRoot first attaches
    // React's event listeners to the root: together they were one long task, 113 ms blocking at 4x CPU).
    void Promise.all([routerReady(router), activateLanguage(language)]).then(() =>
      setTimeout(() => {
        beginHydration();
        startTransition(() => void hydrateRoot(root, app));
      }),
    );
  } else {
    // In the reader's language from the first render (another language's catalogue first: it is
    // never drawn in English, then again). As a transition, the first render yields to the browser
    // every few milliseconds instead of holding the main thread in one long task (a phone would not
    // answer a tap meanwhile).
    void activateLanguage(language).then(() => {
      startTransition(() => createRoot(root).render(app));
      // A page drawn here (a signed-in page) waits for its data after the load; meanwhile the
      // locale's data is loaded in a task of its own rather than inside the render that needs it.
      whenIdle(prepareLocaleData);
    });
  }
}

startAuthSoon();
// At each sign-in, the reader's language and their account's are matched (its code loaded then).
onSignIn(
  ({ newAccount }) =>
    void import('./lib/i18n/account-language').then(({ matchAccountLanguage }) => matchAccountLanguage(newAccount)),
);

// The service worker and the offline queue start once the page has loaded and the browser is idle,
// so the first paint, the page's data and its images never share the network or the main thread
// with them; `npm run dev` has no worker (a cached app would hide the edits being made).
if (import.meta.env.PROD) {
  whenIdle(
    () =>
      void import('./app/service-worker').then(({ registerServiceWorker, watchNetwork }) => {
        registerServiceWorker((to) => void appRouter?.navigate(to));
        watchNetwork();
      }),
    5000,
  );
}
