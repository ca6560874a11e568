import { apiFetch } from '@/lib/api-client';
import { INVITES_PATH } from './list-invites';

/** DELETE /mango/household/invites/:id (the owner): the invite's link stops working (410 used, expired or withdrawn). */
export async function withdrawInvite(id: string): Promise<void> {
  await apiFetch<{ withdrawn: true }>(`${INVITES_PATH}/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: 'required',
  });
}
