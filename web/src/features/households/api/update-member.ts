import type { Household, UpdateMemberInput } from '@model';
import { apiFetch } from '@/lib/api-client';

/** PATCH /mango/household/members/:uid (the owner): hand ownership over, change a role or a sitter's last day. */
export async function updateMember(uid: string, input: UpdateMemberInput): Promise<Household> {
  const path = `/mango/household/members/${encodeURIComponent(uid)}`;
  return (await apiFetch<{ household: Household }>(path, { method: 'PATCH', auth: 'required', body: input })).household;
}
