import { OFFLINE_FORM_MESSAGE, useOnline } from '@/lib/app-status';
import { useT } from '@/lib/i18n/i18n';

/** Under a form's submit button: why it is disabled while the browser is offline. */
export function OfflineNote() {
  const online = useOnline();
  const t = useT();
  if (online) return null;
  return <p className="mt-2 text-sm font-medium text-amber-800 dark:text-amber-200">{t(OFFLINE_FORM_MESSAGE)}</p>;
}
