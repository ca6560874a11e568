import type { Household } from '@model';
import { apiFetch } from '@/lib/api-client';

/** POST /mango/household/join: the invite used, the household as the joiner sees it (409 already in one). */
export async function joinHousehold(token: string): Promise<Household> {
  const body = { token };
  return (await apiFetch<{ household: Household }>('/mango/household/join', { method: 'POST', auth: 'required', body }))
    .household;
}
