import { createContext, useContext, useLayoutEffect } from 'react';

/*
 * While a page is still arriving (its module, the auth check, its data behind the full-screen
 * spinner), the layout leaves the footer out: drawn under an empty page, it would be pushed down
 * when the page appears, a layout shift every visitor would see.
 */

/** The layout's counter of parts of the page that are still loading (+1 when one starts, -1 when it ends). */
export const PageLoadingContext = createContext<(change: 1 | -1) => void>(() => {});

/** Marks the page as still loading while `loading` is true (before the browser paints). */
export function usePageLoading(loading = true): void {
  const report = useContext(PageLoadingContext);
  useLayoutEffect(() => {
    if (!loading) return undefined;
    report(1);
    return () => report(-1);
  }, [loading, report]);
}
