import type { ReminderSettings } from '@model/reminders';
import { Suspense } from 'react';
import { useLoaderData } from 'react-router-dom';
import { ReadFailed } from '@/components/ui/read-failed';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { getReminderSettings, REMINDER_SETTINGS_PATH } from '@/features/reminders/api/get-reminder-settings';
import { RemindersSettings } from '@/features/reminders/components/reminders-settings';
import { currentUser } from '@/lib/auth';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { serverData, settle, useAnswer, type Answer, type Settled } from '@/lib/server-state';
import { useLoadError } from '@/lib/use-api-error';

const messages = defineMessages({
  title: { id: 'dashboardRoutes.reminders.title', message: 'Reminders' },
  lead: {
    id: 'dashboardRoutes.reminders.lead',
    message: 'A daily digest of what your plants need, by notification and by email, at the hour you choose.',
  },
  loading: { id: 'dashboardRoutes.reminders.loading', message: 'Loading your reminder settings...' },
  loadFailed: {
    id: 'dashboardRoutes.reminders.loadFailed',
    message: 'Your reminder settings could not be loaded. Please try again.',
  },
});

interface RemindersData {
  /** GET /mango/reminders/settings. */
  settings: Answer<Settled<ReminderSettings>>;
  /** The signed-in user: the browser's time zone is offered once per account. */
  viewerUid: Answer<string | null>;
}

export const { loader, shouldRevalidate } = serverData(({ read }): RemindersData => ({
  settings: settle(read(REMINDER_SETTINGS_PATH, (signal) => getReminderSettings(signal))),
  viewerUid: currentUser().then((user) => user?.uid ?? null),
}));

/** Dashboard Reminders: how and when the daily digest comes, each setting said in words, and a test. */
export function Component() {
  const t = useT();
  const data = useLoaderData() as RemindersData;
  return (
    <div className="space-y-6">
      <PageHeader title={t(messages.title)} lead={t(messages.lead)} />
      <Suspense
        fallback={
          <p role="status" className="text-slate-700 dark:text-slate-300">
            {t(messages.loading)}
          </p>
        }
      >
        <Settings answer={data.settings} viewer={data.viewerUid} />
      </Suspense>
    </div>
  );
}

function Settings({ answer, viewer }: { answer: RemindersData['settings']; viewer: RemindersData['viewerUid'] }) {
  const t = useT();
  const loaded = useAnswer(answer);
  const uid = useAnswer(viewer);
  const failure = useLoadError(loaded.ok ? null : loaded.error, t(messages.loadFailed));
  if (!loaded.ok || !uid) return <ReadFailed message={failure} />;
  return <RemindersSettings settings={loaded.data} uid={uid} />;
}
