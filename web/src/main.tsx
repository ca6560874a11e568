import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from './app/router';
import { isProtectedPath } from './config/paths';
import { startAuthSoon } from './lib/auth';
import { initTheme } from './lib/theme';
import './index.css';

initTheme();
const router = createRouter();

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread in one long task (a phone would not answer a tap meanwhile).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});

startAuthSoon(isProtectedPath(window.location.pathname));
