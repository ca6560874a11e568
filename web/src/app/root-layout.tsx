import { useCallback, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Footer } from '@/components/layout/footer';
import { HeroCarousel } from '@/components/layout/hero-carousel';
import { Navbar } from '@/components/layout/navbar';
import { PageLoadingContext, usePageLoading } from '@/components/layout/page-loading';
import { StatusBanners } from '@/components/layout/status-banners';
import { paths } from '@/config/paths';
import { AuthControls } from '@/features/auth/components/auth-controls';
import { usePageTitle } from './use-page-title';

/** Every page's frame: header, the hero on / only, the page, footer. */
export function RootLayout() {
  usePageTitle();
  const { pathname } = useLocation();
  const [loadingParts, setLoadingParts] = useState(0);
  const reportLoading = useCallback((change: 1 | -1) => setLoadingParts((count) => count + change), []);
  return (
    <PageLoadingContext value={reportLoading}>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-leaf-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
        >
          Skip to main content
        </a>
        <Navbar account={<AuthControls />} />
        <StatusBanners />
        {pathname === paths.home && <HeroCarousel />}
        <main id="main" tabIndex={-1} className="flex-1 scroll-mt-16 focus:outline-none">
          <Outlet />
        </main>
        {loadingParts === 0 && <Footer />}
        <ScrollRestoration />
      </div>
    </PageLoadingContext>
  );
}

/** The page area while the first page's module loads, inside the real layout. */
export function PageFallback() {
  usePageLoading();
  return <div aria-hidden="true" className="min-h-[60vh]" />;
}
