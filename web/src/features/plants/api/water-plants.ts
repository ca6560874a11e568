import type { Plant } from '@model';
import { apiFetch } from '@/lib/api-client';

/**
 * POST /mango/waterings (owner only): "Water all due", every plant watered on `date` in one
 * request, all or nothing. Answers the plants as stored, in the order asked.
 */
export async function waterPlants(ids: readonly string[], date: string): Promise<Plant[]> {
  return (await apiFetch<{ plants: Plant[] }>('/mango/waterings', { method: 'POST', body: { plantIds: ids, date }, auth: 'required' })).plants;
}

/** DELETE /mango/waterings/latest (owner only): its undo, every plant's latest watering taken back, all or nothing. */
export async function undoWaterings(ids: readonly string[]): Promise<Plant[]> {
  return (await apiFetch<{ plants: Plant[] }>('/mango/waterings/latest', { method: 'DELETE', body: { plantIds: ids }, auth: 'required' })).plants;
}
