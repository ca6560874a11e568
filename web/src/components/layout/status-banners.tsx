import { useOnline, useUpdate } from '@/lib/app-status';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  offline: {
    id: 'layout.offline',
    message:
      'You are offline. You can open the plants you have seen and mark them as watered; other changes wait for the network.',
  },
  newVersion: { id: 'layout.newVersion', message: 'A new version is available.' },
  reload: { id: 'layout.reload', message: 'Reload' },
});

/** "You are offline" while the network is gone, and the prompt for a new version of the app. */
export function StatusBanners() {
  const online = useOnline();
  const update = useUpdate();
  const t = useT();
  if (online && !update) return null;
  return (
    <div className="sticky top-16 z-30 flex flex-col">
      {!online && (
        <p
          role="status"
          className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950 dark:bg-amber-900 dark:text-amber-50"
        >
          {t(messages.offline)}
        </p>
      )}
      {update && (
        <div
          role="status"
          className="flex items-center justify-center gap-3 bg-leaf-50 px-4 py-2 text-sm font-medium text-leaf-900 dark:bg-leaf-900 dark:text-leaf-50"
        >
          <span>{t(messages.newVersion)}</span>
          <button
            type="button"
            onClick={update}
            className="rounded-lg bg-leaf-700 px-3 py-1 font-semibold text-white hover:bg-leaf-800 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {t(messages.reload)}
          </button>
        </div>
      )}
    </div>
  );
}
