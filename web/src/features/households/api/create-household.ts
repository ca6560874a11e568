import type { Household } from '@model';
import { apiFetch } from '@/lib/api-client';
import { HOUSEHOLD_PATH } from './get-household';

/** POST /mango/household: a new household, the caller its owner (409 when already in one). */
export async function createHousehold(name: string): Promise<Household> {
  const body = { name };
  return (await apiFetch<{ household: Household }>(HOUSEHOLD_PATH, { method: 'POST', auth: 'required', body }))
    .household;
}
