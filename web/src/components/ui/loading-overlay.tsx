import { usePageLoading } from '@/components/layout/page-loading';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  loading: { id: 'ui.loading', message: 'Loading, please wait...' },
});

/** The full-screen 'Loading, please wait...' spinner, shown while a page or the auth gate waits. */
export function LoadingOverlay({ label }: { label?: string }) {
  usePageLoading();
  const t = useT();
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white/80 backdrop-blur-sm dark:bg-slate-950/80"
    >
      <span
        className="size-12 animate-spin rounded-full border-4 border-leaf-600 border-t-transparent motion-reduce:animate-none"
        aria-hidden="true"
      />
      <p className="text-lg font-medium text-slate-800 dark:text-slate-100">{label ?? t(messages.loading)}</p>
    </div>
  );
}

/**
 * What is still to come: the page area while the first page's module loads (the router's
 * HydrateFallback), or what is below what a page shows. Room is kept for it and the layout's
 * footer held back meanwhile, so nothing on screen is pushed down when it arrives.
 */
export function PendingBelow() {
  usePageLoading();
  return <div aria-hidden="true" className="min-h-[60vh]" />;
}
