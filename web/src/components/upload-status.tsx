import { useId } from 'react';
import { formatPercent } from '../lib/photos/format-percent';
import { UPLOAD_OFFLINE_MESSAGE, type UploadState } from '../lib/photos/use-photo-upload';

export const retryButtonClass =
  'inline-flex items-center rounded-lg bg-leaf-700 px-4 py-2 text-sm font-semibold text-white hover:bg-leaf-800 disabled:cursor-not-allowed disabled:opacity-70';

/**
 * Where an upload is: a labelled progress bar while the photo is prepared and sent, the sentence
 * while it waits for the network, and a failure's reason with Retry. Nothing when idle or done.
 */
export function UploadStatus({
  state,
  onRetry,
  failurePrefix = 'The photo was not uploaded:',
}: {
  state: UploadState;
  onRetry: () => void;
  failurePrefix?: string;
}) {
  const labelId = useId();
  if (state.status === 'preparing' || state.status === 'sending') {
    const label =
      state.status === 'preparing' ? 'Preparing the photo...' : `Uploading photo... ${formatPercent(state.progress)}`;
    return (
      <div className="flex flex-col gap-1.5">
        <span id={labelId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </span>
        {/* No value while preparing: an indeterminate bar. */}
        <progress
          aria-labelledby={labelId}
          max={1}
          value={state.status === 'sending' ? state.progress : undefined}
          className="h-2 w-full accent-leaf-700"
        />
      </div>
    );
  }
  if (state.status === 'waiting') {
    return (
      <p role="status" className="text-sm font-medium text-amber-800 dark:text-amber-200">
        {UPLOAD_OFFLINE_MESSAGE}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 dark:bg-red-950/40 dark:text-red-200 dark:ring-red-900"
      >
        <p className="min-w-0 flex-1">
          {failurePrefix} {state.message}
        </p>
        <button type="button" onClick={onRetry} className={retryButtonClass}>
          Retry
        </button>
      </div>
    );
  }
  return null;
}
