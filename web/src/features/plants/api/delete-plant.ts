import { apiFetch } from '@/lib/api-client';

/** DELETE /mango/:id (owner only). */
export function deletePlant(id: string): Promise<{ deletedCount: number }> {
  return apiFetch<{ deletedCount: number }>(`/mango/${encodeURIComponent(id)}`, { method: 'DELETE', auth: 'required' });
}
