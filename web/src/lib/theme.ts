import { useBrowserValue } from './hydration';

/**
 * Light or dark: light by default, saved in localStorage under 'theme', shown
 * by the `dark` class on <html>. index.html applies the saved theme before first paint; this
 * store keeps that class, the saved value and every subscriber in step afterwards.
 */
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';

const listeners = new Set<() => void>();

function readSavedTheme(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    // Storage can be blocked (private modes, strict cookie settings): fall back to the default.
    return 'light';
  }
}

/** The class on <html> is the single source of truth, so the store never disagrees with the page. */
export function getTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

function apply(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  for (const listener of listeners) listener();
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not saved, but the page still switches.
  }
  apply(theme);
}

export function toggleTheme(): Theme {
  const next = getTheme() === 'dark' ? 'light' : 'dark';
  setTheme(next);
  return next;
}

/** Re-applies the saved theme; index.html's inline script normally did this before first paint. */
export function initTheme(): void {
  if (getTheme() !== readSavedTheme()) apply(readSavedTheme());
}

function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Another tab switched the theme: follow it. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) apply(readSavedTheme());
  });
}

export function useTheme(): Theme {
  // A prerendered page was drawn light (lib/hydration.ts); index.html's script has already made
  // the page itself dark for a dark-theme user, so only the toggle's icon follows after hydration.
  return useBrowserValue<Theme>(subscribeTheme, getTheme, 'light');
}
