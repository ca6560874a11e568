import type { DashboardStats } from '@model';
import { apiFetch } from '@/lib/api-client';

/** GET /mango/stats with the user's token, so the answer includes `mine`. */
export function getStats(signal?: AbortSignal): Promise<DashboardStats> {
  return apiFetch<DashboardStats>('/mango/stats', { auth: 'required', signal });
}
