import type { InviteInfo } from '@model';
import { apiFetch } from '@/lib/api-client';

/** The request's path: GET /mango/household/invites/:token. */
export const invitePath = (token: string) => `/mango/household/invites/${encodeURIComponent(token)}`;

/** GET /mango/household/invites/:token (signed in): who invites, to which household; 404 unknown, 410 used or expired. */
export function getInvite(token: string, signal?: AbortSignal): Promise<InviteInfo> {
  return apiFetch<InviteInfo>(invitePath(token), { auth: 'required', signal });
}
