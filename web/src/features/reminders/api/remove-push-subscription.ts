import { apiFetch } from '@/lib/api-client';
import { PUSH_SUBSCRIPTIONS_PATH } from '@/lib/push-subscription';

/** DELETE /mango/reminders/push-subscriptions: no more digests pushed to this endpoint. */
export async function removePushSubscription(endpoint: string): Promise<void> {
  await apiFetch(PUSH_SUBSCRIPTIONS_PATH, { method: 'DELETE', body: { endpoint }, auth: 'required' });
}
