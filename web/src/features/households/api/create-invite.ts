import type { CreatedInvite, CreateInviteInput } from '@model';
import { apiFetch } from '@/lib/api-client';

/** POST /mango/household/invites (the owner): a one-time link, shown once; a sitter's names their last day. */
export function createInvite(input: CreateInviteInput): Promise<CreatedInvite> {
  return apiFetch<CreatedInvite>('/mango/household/invites', { method: 'POST', auth: 'required', body: input });
}
