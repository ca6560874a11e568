import type { CreatePlantInput } from '@model';
import { apiFetch } from '@/lib/api-client';

/** POST /mango. The server sets the owner from the token. */
export function createPlant(input: Partial<CreatePlantInput> & Pick<CreatePlantInput, 'plantName' | 'category'>): Promise<{ insertedId: string }> {
  return apiFetch<{ insertedId: string }>('/mango', { method: 'POST', body: input, auth: 'required' });
}
