import type { UpdatePlantInput } from '@model';
import { apiFetch } from '@/lib/api-client';
import { plantPath } from './plant-path';

/** PUT /mango/:id (owner only): modifiedCount is 0 when nothing changed. */
export function updatePlant(id: string, input: UpdatePlantInput): Promise<{ modifiedCount: number }> {
  return apiFetch<{ modifiedCount: number }>(plantPath(id), { method: 'PUT', body: input, auth: 'required' });
}
