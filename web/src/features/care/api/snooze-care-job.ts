import type { Plant } from '@model';
import type { CareJob } from '@model/care-tasks';
import { apiFetch } from '@/lib/api-client';
import { plantPath } from '@/lib/plant-path';

/**
 * POST /mango/:id/care/:task/snooze (whoever may do the job): moves the job's next date to `days`
 * after the user's today (in their reminder time zone) without doing it; its undo is the job's
 * usual undo (undoCareJob). Answers the updated plant. `jobId`, the tap's own id, is sent with each
 * try of it (a snooze queued offline): the server moves a job with an id once.
 */
export function snoozeCareJob(id: string, job: CareJob, days: number, jobId?: string): Promise<Plant> {
  return apiFetch<Plant>(`${plantPath(id)}/care/${job}/snooze`, {
    method: 'POST',
    body: jobId === undefined ? { days } : { days, jobId },
    auth: 'required',
  });
}
