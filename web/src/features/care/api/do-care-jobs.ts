import type { Plant } from '@model';
import type { CareJob } from '@model/care-tasks';
import { apiFetch } from '@/lib/api-client';

export interface CareJobItem {
  plantId: string;
  task: CareJob;
}

/**
 * POST /mango/care (for each plant, its owner, or anyone of the household it is shared with (a sitter until their last day)): "Do all due", several jobs (up to 100, a plant may appear with
 * several tasks) done on `date` in one request, all or nothing. Answers each plant once, as stored.
 */
export async function doCareJobs(items: readonly CareJobItem[], date: string): Promise<Plant[]> {
  return (
    await apiFetch<{ plants: Plant[] }>('/mango/care', { method: 'POST', body: { items, date }, auth: 'required' })
  ).plants;
}
