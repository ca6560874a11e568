import { useOnline } from '@/lib/app-status';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  offline: { id: 'lib.offline.form', message: 'You are offline: this form can be sent once you are back online.' },
});

/** Under a form's submit button: why it is disabled while the browser is offline. */
export function OfflineNote() {
  const online = useOnline();
  const t = useT();
  if (online) return null;
  return <p className="mt-2 text-sm font-medium text-amber-800 dark:text-amber-200">{t(messages.offline)}</p>;
}
