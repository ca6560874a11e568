import type { Plant } from '@model';
import type { CareJob } from '@model/care-tasks';
import { apiFetch } from '@/lib/api-client';
import { plantPath } from '@/lib/plant-path';

/** DELETE /mango/:id/care/:task/latest (its owner, or anyone of the household it is shared with (a sitter until their last day)): takes back the job's latest record. Answers the plant with the job's dates before it. */
export function undoCareJob(id: string, job: CareJob): Promise<Plant> {
  return apiFetch<Plant>(`${plantPath(id)}/care/${job}/latest`, { method: 'DELETE', auth: 'required' });
}
