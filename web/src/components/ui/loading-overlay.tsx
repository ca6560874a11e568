import { usePageLoading } from '@/components/layout/page-loading';

/** The full-screen 'Loading, please wait...' spinner, shown while a page or the auth gate waits. */
export function LoadingOverlay({ label = 'Loading, please wait...' }: { label?: string }) {
  usePageLoading();
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
      <p className="text-lg font-medium text-slate-800 dark:text-slate-100">{label}</p>
    </div>
  );
}
