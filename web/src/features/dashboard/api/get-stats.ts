import type { DashboardStats } from '@model';
import { apiFetch } from '@/lib/api-client';

/** The request's path: GET /mango/stats. */
export const STATS_PATH = '/mango/stats';

/** GET /mango/stats with the user's token, so the answer includes `mine`. */
export function getStats(signal?: AbortSignal): Promise<DashboardStats> {
  return apiFetch<DashboardStats>(STATS_PATH, { auth: 'required', signal });
}
