import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { startAuth, useAuth } from '@/lib/auth';

/** The auth gate: spinner while loading, /login without a user, else the page. */
export function RequireAuth() {
  const { loading, user } = useAuth();
  const location = useLocation();
  // A visitor who moves from a public page to this one may not have started auth yet.
  useEffect(startAuth, []);
  if (loading) return <LoadingOverlay />;
  if (!user) {
    // The spinner stays until the Login page's module has arrived and replaced this route: an
    // empty page meanwhile would draw the footer at the top, then push it down (a layout shift of
    // 0.64 on a phone).
    return (
      <>
        <LoadingOverlay />
        <Navigate to={paths.login} replace state={{ from: location }} />
      </>
    );
  }
  return <Outlet />;
}
