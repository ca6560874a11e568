import type { Plant } from '@model';
import { apiFetch } from '@/lib/api-client';

/** GET /mango/:id. Sends the token when signed in, so the owner gets the owner-only fields. */
export function getPlant(id: string, signal?: AbortSignal): Promise<Plant> {
  return apiFetch<Plant>(`/mango/${encodeURIComponent(id)}`, { auth: 'optional', signal });
}
