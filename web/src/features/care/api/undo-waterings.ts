import type { Plant } from '@model';
import { apiFetch } from '@/lib/api-client';

/** DELETE /mango/waterings/latest (for each plant, its owner, or anyone of the household it is shared with (a sitter until their last day)): the undo of several jobs' waterings, every plant's latest watering taken back, all or nothing. */
export async function undoWaterings(ids: readonly string[]): Promise<Plant[]> {
  return (
    await apiFetch<{ plants: Plant[] }>('/mango/waterings/latest', {
      method: 'DELETE',
      body: { plantIds: ids },
      auth: 'required',
    })
  ).plants;
}
