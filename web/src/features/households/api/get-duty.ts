import type { Duty } from '@model/duty';
import { apiFetch } from '@/lib/api-client';

export const DUTY_PATH = '/mango/household/duty';

/** GET /mango/household/duty: the rota, who is on duty now and for the next 8 periods. */
export function getDuty(signal?: AbortSignal): Promise<Duty> {
  return apiFetch<Duty>(DUTY_PATH, { auth: 'required', signal });
}
