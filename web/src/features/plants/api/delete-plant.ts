import { apiFetch } from '@/lib/api-client';
import { plantPath } from '@/lib/plant-path';

/** DELETE /mango/:id (its owner only, whoever else may change it). */
export function deletePlant(id: string): Promise<{ deletedCount: number }> {
  return apiFetch<{ deletedCount: number }>(plantPath(id), { method: 'DELETE', auth: 'required' });
}
