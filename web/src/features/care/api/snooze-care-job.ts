import type { Plant } from '@model';
import type { CareJob } from '@model/care-tasks';
import { apiFetch } from '@/lib/api-client';
import { plantPath } from '@/lib/plant-path';

/**
 * POST /mango/:id/care/:task/snooze (whoever may do the job): moves the job's next date to `days`
 * after the user's today (in their reminder time zone) without doing it; its undo is the job's
 * usual undo (undoCareJob). Answers the updated plant.
 */
export function snoozeCareJob(id: string, job: CareJob, days: number): Promise<Plant> {
  return apiFetch<Plant>(`${plantPath(id)}/care/${job}/snooze`, { method: 'POST', body: { days }, auth: 'required' });
}
