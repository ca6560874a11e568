import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { refresh, useRefreshing } from '@/lib/server-changes';
import { Banner } from './banner';

const messages = defineMessages({
  tryAgain: { id: 'ui.readFailed.tryAgain', message: 'Try again' },
});

const tryAgainClass =
  'inline-flex items-center rounded-lg bg-leaf-700 px-4 py-2 text-sm font-semibold text-white hover:bg-leaf-800 disabled:cursor-not-allowed disabled:opacity-70';

/**
 * A read that failed, the same wherever it happens: its sentence (an alert), then Try again, which
 * reads `reread` again (the whole page when not given) and waits, disabled, meanwhile. Nothing while
 * there is no sentence (a 401 on its way to /login). `children` go between the two: what the user
 * may do instead.
 */
export function ReadFailed({
  message,
  reread,
  className = '',
  children,
}: {
  message: string | null;
  reread?: readonly string[];
  className?: string;
  children?: ReactNode;
}) {
  const refreshing = useRefreshing();
  const t = useT();
  if (!message) return null;
  return (
    <div className={`space-y-3 ${className}`}>
      <Banner tone="error">{message}</Banner>
      {children}
      <button type="button" onClick={() => void refresh(reread)} disabled={refreshing} className={tryAgainClass}>
        {t(messages.tryAgain)}
      </button>
    </div>
  );
}
