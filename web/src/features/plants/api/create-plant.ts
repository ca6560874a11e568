import type { CreatePlantInput } from '@model';
import type { CareInput } from '@model/care-tasks';
import { apiFetch } from '@/lib/api-client';

/** What POST /mango takes: the plant's fields, and the care tasks to track (`care`, see CareInput). */
export type CreatePlantRequest = Partial<Omit<CreatePlantInput, 'care'>> &
  Pick<CreatePlantInput, 'plantName' | 'category'> & { care?: CareInput };

/** POST /mango. The server sets the owner from the token. */
export function createPlant(input: CreatePlantRequest): Promise<{ insertedId: string }> {
  return apiFetch<{ insertedId: string }>('/mango', { method: 'POST', body: input, auth: 'required' });
}
