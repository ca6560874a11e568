import { paths } from '@/config/paths';

/**
 * Where to go after signing in: the `from` location that the auth gate put in the navigation
 * state (pathname + search + hash), or home. Only same-site paths, and never back to a sign-in page.
 */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null | undefined)?.from;
  const location =
    typeof from === 'string'
      ? { pathname: from, search: '', hash: '' }
      : (from as { pathname?: unknown; search?: unknown; hash?: unknown } | undefined);
  const pathname = location?.pathname;
  if (
    typeof pathname !== 'string' ||
    !pathname.startsWith('/') ||
    pathname.startsWith('//') ||
    pathname.startsWith('/\\')
  )
    return paths.home;
  if (pathname === paths.login || pathname === paths.register) return paths.home;
  const search = typeof location?.search === 'string' ? location.search : '';
  const hash = typeof location?.hash === 'string' ? location.hash : '';
  return `${pathname}${search}${hash}`;
}
