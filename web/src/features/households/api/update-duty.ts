import type { Duty, UpdateDutyInput } from '@model/duty';
import { apiFetch } from '@/lib/api-client';
import { DUTY_PATH } from './get-duty';

/** PUT /mango/household/duty (the owner): mode, rotation, period, startsOn. */
export function updateDuty(input: UpdateDutyInput): Promise<Duty> {
  return apiFetch<Duty>(DUTY_PATH, { method: 'PUT', auth: 'required', body: input });
}
