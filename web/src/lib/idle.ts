/**
 * Runs `callback` once the page has loaded and the browser is then idle (at the latest `timeoutMs`
 * after the load), so work nobody is waiting for never competes with a page's first paint, its
 * data or its largest image.
 */
export function whenIdle(callback: () => void, timeoutMs = 3000): void {
  const schedule = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
    else setTimeout(callback, 1);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}
