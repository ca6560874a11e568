import type { Plant } from '@model';
import type { CareJob } from '@model/care-tasks';
import { apiFetch } from '@/lib/api-client';
import { plantPath } from '@/lib/plant-path';

/**
 * POST /mango/:id/care/:task (its owner, or anyone of the household it is shared with (a sitter until their last day)): records a job (watering, fertilizing, repotting,
 * pruning or misting) done on `date`, the user's own day. Answers the updated plant. `jobId`, the
 * tap's own id, is sent with each try of it: the server records a job with an id once.
 */
export function doCareJob(id: string, job: CareJob, date: string, jobId?: string): Promise<Plant> {
  return apiFetch<Plant>(`${plantPath(id)}/care/${job}`, {
    method: 'POST',
    body: jobId === undefined ? { date } : { date, jobId },
    auth: 'required',
  });
}
