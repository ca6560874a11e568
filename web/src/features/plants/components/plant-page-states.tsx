import { Link, useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { refresh, useRefreshing } from '@/lib/server-changes';
import { errorMessage } from '@/lib/use-api-error';

const messages = defineMessages({
  notFound: { id: 'plants.notFound.title', message: 'Plant not found' },
  notFoundLead: { id: 'plants.notFound.lead', message: 'It may have been deleted, or the link is wrong.' },
  backToAll: { id: 'plants.back.allPlants', message: '← Back to All Plants' },
  loadFailed: { id: 'plants.loadFailed.title', message: 'This plant could not be loaded' },
  loadFailedLead: {
    id: 'plants.loadFailed.lead',
    message: 'Something went wrong while loading this plant. Please try again.',
  },
  tryingAgain: { id: 'plants.loadFailed.tryingAgain', message: 'Trying again...' },
  tryAgain: { id: 'plants.loadFailed.tryAgain', message: 'Try again' },
});

export const backLinkClass =
  'inline-flex items-center gap-1 rounded font-semibold text-leaf-800 underline-offset-4 hover:underline dark:text-mango-400';

/** 'Plant not found', for an id the server does not know. */
export function PlantNotFound() {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{t(messages.notFound)}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{t(messages.notFoundLead)}</p>
      <Link to={paths.allPlants} className={`${backLinkClass} mt-6`}>
        {t(messages.backToAll)}
      </Link>
    </div>
  );
}

/** A route's error boundary for a plant that could not be loaded: the sentence and a retry. */
export function PlantLoadError() {
  const error = useRouteError();
  const busy = useRefreshing();
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{t(messages.loadFailed)}</h1>
      <p role="alert" className="mt-3 text-slate-700 dark:text-slate-300">
        {errorMessage(error, t(messages.loadFailedLead))}
      </p>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-4">
        <button
          type="button"
          onClick={() => void refresh()}
          disabled={busy}
          className="rounded-lg bg-leaf-700 px-4 py-2 font-semibold text-white hover:bg-leaf-800 disabled:opacity-70"
        >
          {t(busy ? messages.tryingAgain : messages.tryAgain)}
        </button>
        <Link to={paths.allPlants} className={backLinkClass}>
          {t(messages.backToAll)}
        </Link>
      </div>
    </div>
  );
}
