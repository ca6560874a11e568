import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from './app/router';
import { isProtectedPath } from './config/paths';
import { startAuthSoon } from './lib/auth';
import { initTheme } from './lib/theme';
import './index.css';

initTheme();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

startAuthSoon(isProtectedPath(window.location.pathname));
