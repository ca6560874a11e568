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
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <Outlet />;
}
