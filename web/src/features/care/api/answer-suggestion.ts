import type { Plant } from '@model';
import type { CareJob } from '@model/care-tasks';
import type { SuggestionAnswer } from '@model/rhythm';
import { apiFetch } from '@/lib/api-client';
import { plantPath } from '@/lib/plant-path';

/**
 * POST /mango/:id/care/:task/suggestion (whoever may edit the plant): "Use every N days" sets the
 * interval the plant's rhythm suggested (`everyDays`, the one shown), "Keep" leaves the schedule as
 * it is and the suggestion is not offered again for 60 days. Answers the updated plant.
 */
export function answerSuggestion(id: string, job: CareJob, answer: SuggestionAnswer): Promise<Plant> {
  return apiFetch<Plant>(`${plantPath(id)}/care/${job}/suggestion`, { method: 'POST', body: answer, auth: 'required' });
}
