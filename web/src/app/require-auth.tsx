import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { remembersNoUser, useAuth } from '@/lib/auth';

/**
 * The auth gate: spinner while loading, /login without a user, else the page. A browser that
 * remembers no user goes to /login at once (remembersNoUser): a visitor opening a shared link to a
 * plant sees the Login page without waiting for the Firebase SDK.
 */
export function RequireAuth() {
  const { loading, user } = useAuth();
  const location = useLocation();
  if (loading && !remembersNoUser()) return <LoadingOverlay />;
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
