import type { Household } from '@model';
import { apiFetch } from '@/lib/api-client';
import { HOUSEHOLD_PATH } from './get-household';

/** PATCH /mango/household (the owner): a new name. */
export async function renameHousehold(name: string): Promise<Household> {
  const body = { name };
  return (await apiFetch<{ household: Household }>(HOUSEHOLD_PATH, { method: 'PATCH', auth: 'required', body }))
    .household;
}
