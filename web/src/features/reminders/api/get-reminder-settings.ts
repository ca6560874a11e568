import type { ReminderSettings } from '@model/reminders';
import { apiFetch } from '@/lib/api-client';

export const REMINDER_SETTINGS_PATH = '/mango/reminders/settings';

/** GET /mango/reminders/settings: the user's digest settings and the address email digests go to. */
export function getReminderSettings(signal?: AbortSignal): Promise<ReminderSettings> {
  return apiFetch<ReminderSettings>(REMINDER_SETTINGS_PATH, { auth: 'required', signal });
}
