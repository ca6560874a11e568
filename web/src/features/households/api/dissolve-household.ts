import { apiFetch } from '@/lib/api-client';
import { HOUSEHOLD_PATH } from './get-household';

/** DELETE /mango/household (the owner): the household, its memberships and open invites are gone. */
export async function dissolveHousehold(): Promise<void> {
  await apiFetch<{ deleted: true }>(HOUSEHOLD_PATH, { method: 'DELETE', auth: 'required' });
}
