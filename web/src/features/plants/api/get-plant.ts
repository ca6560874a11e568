import type { Plant } from '@model';
import { apiFetch, type ApiRequest } from '@/lib/api-client';
import { plantPath } from '@/lib/plant-path';

/**
 * GET /mango/:id. With the user's token (the default sends it when someone is signed in) the
 * owner gets the owner-only fields; 'none' asks as a visitor.
 */
export function getPlant(id: string, signal?: AbortSignal, auth: ApiRequest['auth'] = 'optional'): Promise<Plant> {
  return apiFetch<Plant>(plantPath(id), { auth, signal });
}
