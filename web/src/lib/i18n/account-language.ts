import type { ReminderSettings } from '@model/reminders';
import { apiFetch } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { adoptLanguage, chosenLanguage, readerLanguage, translate } from './i18n';
import { SOURCE_LANGUAGE, type Language } from './languages';
import { defineMessages } from './messages';

/*
 * The reader's language on their account: their reminder settings keep it (`language`), and the
 * server speaks it in their digests and calendar feeds. Signed in, a choice in the switcher is saved
 * there too; at a sign-in, this device's choice is saved when the account's differs, and a device
 * that chose none takes up the account's. A sign-in costs one GET (a new account none), and a PUT
 * only when the two differ; a visitor's pages, and a signed-in person's page loads, cost nothing.
 */

const SETTINGS_PATH = '/mango/reminders/settings';

const messages = defineMessages({
  notSaved: {
    id: 'language.accountNotSaved',
    message: 'Your reminders and calendar could not be switched to this language. Please choose it again later.',
  },
});

/** Saves `language` as the signed-in person's; a failure is told in a toast (the page speaks it anyway). */
export async function saveAccountLanguage(language: Language): Promise<void> {
  try {
    await apiFetch<ReminderSettings>(SETTINGS_PATH, { method: 'PUT', body: { language }, auth: 'required' });
  } catch {
    void toast.error(translate(messages.notSaved));
  }
}

/**
 * At a sign-in (lib/auth.ts, onSignIn): the choice this device made goes to the account when the
 * account's language differs; a device that made none takes up the account's. The account answers
 * English until someone chooses, so English is not taken up (the device keeps the browser's
 * language), and a new account, which has chosen nothing, gets the language the device speaks.
 */
export async function matchAccountLanguage(newAccount: boolean): Promise<void> {
  const chosen = chosenLanguage();
  if (newAccount) {
    const speaking = chosen ?? readerLanguage();
    if (speaking !== SOURCE_LANGUAGE) await saveAccountLanguage(speaking);
    return;
  }
  let account: Language;
  try {
    ({ language: account } = await apiFetch<ReminderSettings>(SETTINGS_PATH, { auth: 'required' }));
  } catch {
    // Offline, or the server is busy: nothing is matched until the next sign-in.
    return;
  }
  if (chosen) {
    if (chosen !== account) await saveAccountLanguage(chosen);
  } else if (account !== SOURCE_LANGUAGE && account !== readerLanguage()) await adoptLanguage(account);
}
