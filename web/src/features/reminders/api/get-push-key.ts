import { apiFetch } from '@/lib/api-client';

/** GET /mango/reminders/push-key (no token): the server's VAPID public key, base64url, that browsers subscribe with. */
export async function getPushKey(): Promise<string> {
  return (await apiFetch<{ publicKey: string }>('/mango/reminders/push-key')).publicKey;
}
