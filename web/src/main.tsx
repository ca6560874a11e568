import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from './app/router';
import { listenForUpdatedAnswers } from './lib/server-state';
import { startAuthSoon } from './lib/auth';
import { whenIdle } from './lib/idle';
import { initTheme } from './lib/theme';
import './index.css';

initTheme();
const router = createRouter();
if (import.meta.env.PROD) listenForUpdatedAnswers();

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread in one long task (a phone would not answer a tap meanwhile).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});

startAuthSoon();

// The service worker and the offline queue start once the page has loaded and the browser is idle,
// so the first paint, the page's data and its images never share the network or the main thread
// with them; `npm run dev` has no worker (a cached app would hide the edits being made).
if (import.meta.env.PROD) {
  whenIdle(
    () =>
      void import('./app/service-worker').then(({ registerServiceWorker, watchNetwork }) => {
        registerServiceWorker();
        watchNetwork();
      }),
    5000,
  );
}
