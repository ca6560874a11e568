import type { PushSubscriptionInput } from '@model/reminders';
import { apiFetch } from '@/lib/api-client';
import { PUSH_SUBSCRIPTIONS_PATH } from '@/lib/push-subscription';

/** POST /mango/reminders/push-subscriptions: this browser's subscription (PushSubscription.toJSON()), where digests are pushed. */
export async function addPushSubscription(subscription: PushSubscriptionInput): Promise<void> {
  await apiFetch(PUSH_SUBSCRIPTIONS_PATH, { method: 'POST', body: subscription, auth: 'required' });
}
