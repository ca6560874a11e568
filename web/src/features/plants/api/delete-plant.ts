import { apiFetch } from '@/lib/api-client';
import { plantPath } from '@/lib/plant-path';

/** DELETE /mango/:id (owner only). */
export function deletePlant(id: string): Promise<{ deletedCount: number }> {
  return apiFetch<{ deletedCount: number }>(plantPath(id), { method: 'DELETE', auth: 'required' });
}
