import type { Plant } from '@model';
import type { CareJob } from '@model/care-tasks';
import { apiFetch } from '@/lib/api-client';
import { plantPath } from '@/lib/plant-path';

/**
 * POST /mango/:id/care/:task/check (whoever may do the job): the job was checked and is not needed
 * yet ("Checked: soil still moist"); the server moves its next date a third of its interval later
 * (from today when it was due) without recording it, and notes the check-in in the journal. Its undo
 * is the job's usual undo (undoCareJob). Answers the updated plant. `jobId`, as a snooze's.
 */
export function checkCareJob(id: string, job: CareJob, jobId?: string): Promise<Plant> {
  return apiFetch<Plant>(`${plantPath(id)}/care/${job}/check`, {
    method: 'POST',
    body: jobId === undefined ? { result: 'not-yet' } : { result: 'not-yet', jobId },
    auth: 'required',
  });
}
