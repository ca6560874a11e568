import type { Household } from '@model';
import { apiFetch } from '@/lib/api-client';

/**
 * DELETE /mango/household/members/:uid: the owner removing someone (the household as it is now), or
 * anyone leaving (uid their own: null, they are in none).
 */
export async function removeMember(uid: string): Promise<Household | null> {
  const path = `/mango/household/members/${encodeURIComponent(uid)}`;
  const answer = await apiFetch<{ household: Household } | { left: true }>(path, {
    method: 'DELETE',
    auth: 'required',
  });
  return 'household' in answer ? answer.household : null;
}
