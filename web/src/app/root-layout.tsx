import { lazy, Suspense, useCallback, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { HeroCarousel } from '@/components/layout/hero-carousel';
import { Navbar } from '@/components/layout/navbar';
import { PageLoadingContext } from '@/components/layout/page-loading';
import { StatusBanners } from '@/components/layout/status-banners';
import { paths } from '@/config/paths';
import { AuthControls } from '@/features/auth/components/auth-controls';
import { useHydrated } from '@/lib/hydration';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { usePageTitle } from './use-page-title';

// Below every page's fold, so its code is not the first page's: a prerendered page's footer is
// already in its HTML and hydrates once its code is in (build/prerender.ts).
const Footer = lazy(() => import('@/components/layout/footer').then((module) => ({ default: module.Footer })));

/*
 * One element for every render: a prerendered footer waits in its HTML for its code, and a new
 * element each time the layout renders again (as it does once hydrated) would reach it before that
 * code: React would then delete the footer's HTML and draw it again when the code is in.
 */
const FOOTER = (
  <Suspense fallback={null}>
    <Footer />
  </Suspense>
);

const ignoreLoading = () => {};

const messages = defineMessages({
  skip: { id: 'layout.skipToMain', message: 'Skip to main content' },
});

/** Every page's frame: header, the hero on / only, the page, footer. */
export function RootLayout() {
  usePageTitle();
  const hydrated = useHydrated();
  const t = useT();
  const { pathname, key } = useLocation();
  const [loadingParts, setLoadingParts] = useState(0);
  const reportLoading = useCallback((change: 1 | -1) => setLoadingParts((count) => count + change), []);
  // A prerendered page's HTML has the footer under what it is still loading: on that first page
  // the footer stays (taken away as the page hydrates, it would come back when the data arrives,
  // and the state change would make React finish hydrating in one synchronous task). Every page
  // after it holds the footer back while it loads.
  const [prerenderedKey] = useState(() => (hydrated ? null : key));
  return (
    <PageLoadingContext value={key === prerenderedKey ? ignoreLoading : reportLoading}>
      {/* Until React has a prerendered page (build/prerender.ts), its buttons, fields and selects
          are disabled: nothing typed or picked is lost or sent as a plain form; links work. */}
      <fieldset role="none" disabled={!hydrated} className="flex min-h-screen min-w-0 flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-leaf-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
        >
          {t(messages.skip)}
        </a>
        <Navbar account={<AuthControls />} />
        <StatusBanners />
        {pathname === paths.home && <HeroCarousel />}
        <main id="main" tabIndex={-1} className="flex-1 scroll-mt-16 focus:outline-none">
          <Outlet />
        </main>
        {loadingParts === 0 && FOOTER}
        <ScrollRestoration />
      </fieldset>
    </PageLoadingContext>
  );
}
