import type { ReminderSettings, UpdateReminderSettingsInput } from '@model/reminders';
import { apiFetch } from '@/lib/api-client';
import { REMINDER_SETTINGS_PATH } from './get-reminder-settings';

/** PUT /mango/reminders/settings: any of the time zone, the time, the channels and the quiet hours. Answers the settings. */
export function updateReminderSettings(input: UpdateReminderSettingsInput): Promise<ReminderSettings> {
  return apiFetch<ReminderSettings>(REMINDER_SETTINGS_PATH, { method: 'PUT', body: input, auth: 'required' });
}
