import type { UpdatePlantRequest } from '@model';
import { apiFetch } from '@/lib/api-client';
import { plantPath } from '@/lib/plant-path';

/** PUT /mango/:id (its owner, or a member of the household it is shared with (not a sitter)): modifiedCount is 0 when nothing changed. `care` absent leaves the care schedules as they are. */
export function updatePlant(id: string, input: UpdatePlantRequest): Promise<{ modifiedCount: number }> {
  return apiFetch<{ modifiedCount: number }>(plantPath(id), { method: 'PUT', body: input, auth: 'required' });
}
