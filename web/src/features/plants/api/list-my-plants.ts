import type { Plant } from '@model';
import { apiFetch } from '@/lib/api-client';

/** GET /mango?email=: the signed-in user's own plants, newest first. */
export function listMyPlants(email: string, signal?: AbortSignal): Promise<Plant[]> {
  return apiFetch<Plant[]>(`/mango?email=${encodeURIComponent(email)}`, { auth: 'required', signal });
}
