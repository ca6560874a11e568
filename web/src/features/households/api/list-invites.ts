import type { OpenInvite } from '@model';
import { apiFetch } from '@/lib/api-client';

/** The request's path: GET /mango/household/invites. */
export const INVITES_PATH = '/mango/household/invites';

/** GET /mango/household/invites (the owner): the household's open invites, soonest to expire first; never a token. */
export async function listInvites(signal?: AbortSignal): Promise<OpenInvite[]> {
  return (await apiFetch<{ invites: OpenInvite[] }>(INVITES_PATH, { auth: 'required', signal })).invites;
}
