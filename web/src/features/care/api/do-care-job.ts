import type { Plant } from '@model';
import type { CareJob } from '@model/care-tasks';
import { apiFetch } from '@/lib/api-client';
import { plantPath } from '@/lib/plant-path';

/**
 * POST /mango/:id/care/:task (owner only): records a job (watering, fertilizing, repotting,
 * pruning or misting) done on `date`, the user's own day. Answers the updated plant.
 */
export function doCareJob(id: string, job: CareJob, date: string): Promise<Plant> {
  return apiFetch<Plant>(`${plantPath(id)}/care/${job}`, { method: 'POST', body: { date }, auth: 'required' });
}
