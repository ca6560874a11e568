import { apiFetch } from '@/lib/api-client';

/** What a test digest reached: the deliveries push services and the mail server accepted. */
export interface TestDigestSent {
  push: number;
  email: number;
}

/** POST /mango/reminders/test: a digest now, to the channels that are on (409 with none, 429 past 5 an hour). */
export async function sendTestDigest(): Promise<TestDigestSent> {
  return (await apiFetch<{ sent: TestDigestSent }>('/mango/reminders/test', { method: 'POST', auth: 'required' })).sent;
}
