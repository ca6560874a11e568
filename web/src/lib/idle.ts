/**
 * Runs `callback` once the browser is idle (at the latest after `timeoutMs`), so work nobody is
 * waiting for never competes with a page's first paint, its data or its images.
 */
export function whenIdle(callback: () => void, timeoutMs = 3000): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
  else setTimeout(callback, 1);
}
