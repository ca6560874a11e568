import { paths } from '@/config/paths';
import { redirectTarget } from '@/lib/redirect-target';

/**
 * Where Update Plant goes after saving: the `from` location in the navigation state (a path or a
 * location, same-site only), or My Plants when the screen was opened without one.
 */
export function returnPath(state: unknown, fallback: string = paths.myPlants): string {
  const from = (state as { from?: unknown } | null | undefined)?.from;
  return from === undefined || from === null ? fallback : redirectTarget(state);
}
