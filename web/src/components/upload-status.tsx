import { useId } from 'react';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import type { UploadState } from '../lib/photos/use-photo-upload';

const messages = defineMessages({
  preparing: { id: 'ui.upload.preparing', message: 'Preparing the photo...' },
  sending: { id: 'ui.upload.sending', message: 'Uploading photo... {progress, number, percent}' },
  offline: {
    id: 'ui.upload.offline',
    message: 'You are offline: the photo will be sent as soon as you are back online.',
  },
  notUploaded: { id: 'ui.upload.notUploaded', message: 'The photo was not uploaded:' },
  retry: { id: 'ui.upload.retry', message: 'Retry' },
});

export const retryButtonClass =
  'inline-flex items-center rounded-lg bg-leaf-700 px-4 py-2 text-sm font-semibold text-white hover:bg-leaf-800 disabled:cursor-not-allowed disabled:opacity-70';

/**
 * Where an upload is: a labelled progress bar while the photo is prepared and sent, the sentence
 * while it waits for the network, and a failure's reason with Retry. Nothing when idle or done.
 */
export function UploadStatus({
  state,
  onRetry,
  failurePrefix,
}: {
  state: UploadState;
  onRetry: () => void;
  /** The sentence's start before the reason ("The photo was not uploaded:" when not given). */
  failurePrefix?: string;
}) {
  const labelId = useId();
  const t = useT();
  if (state.status === 'preparing' || state.status === 'sending') {
    const label =
      state.status === 'preparing' ? t(messages.preparing) : t(messages.sending, { progress: state.progress });
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
        {t(messages.offline)}
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
          {failurePrefix ?? t(messages.notUploaded)} {state.message}
        </p>
        <button type="button" onClick={onRetry} className={retryButtonClass}>
          {t(messages.retry)}
        </button>
      </div>
    );
  }
  return null;
}
