import type { AwayInput, Duty } from '@model/duty';
import { apiFetch } from '@/lib/api-client';

/** POST /mango/household/away: the caller away (or, for the owner, anyone by `uid`) from `from` to `until`. */
export function markAway(input: AwayInput): Promise<Duty> {
  return apiFetch<Duty>('/mango/household/away', { method: 'POST', auth: 'required', body: input });
}

/** DELETE /mango/household/away/:uid: back from being away. */
export function endAway(uid: string): Promise<Duty> {
  return apiFetch<Duty>(`/mango/household/away/${encodeURIComponent(uid)}`, { method: 'DELETE', auth: 'required' });
}
