import type { Plant } from '@model';
import { apiFetch } from '@/lib/api-client';

export interface ListPlantsOptions {
  /** The newest N plants (1-100); all plants when absent. */
  limit?: number;
  signal?: AbortSignal;
}

/** GET /mango: plants, newest first. */
export function listPlants({ limit, signal }: ListPlantsOptions = {}): Promise<Plant[]> {
  const query = limit ? `?limit=${limit}` : '';
  return apiFetch<Plant[]>(`/mango${query}`, { signal });
}
