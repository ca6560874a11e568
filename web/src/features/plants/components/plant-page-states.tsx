import { Link, useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';
import { refresh, useRefreshing } from '@/lib/server-changes';
import { errorMessage } from '@/lib/use-api-error';

export const backLinkClass =
  'inline-flex items-center gap-1 rounded font-semibold text-leaf-800 underline-offset-4 hover:underline dark:text-mango-400';

/** 'Plant not found', for an id the server does not know. */
export function PlantNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Plant not found</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">It may have been deleted, or the link is wrong.</p>
      <Link to={paths.allPlants} className={`${backLinkClass} mt-6`}>
        ← Back to All Plants
      </Link>
    </div>
  );
}

/** A route's error boundary for a plant that could not be loaded: the sentence and a retry. */
export function PlantLoadError() {
  const error = useRouteError();
  const busy = useRefreshing();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">This plant could not be loaded</h1>
      <p role="alert" className="mt-3 text-slate-700 dark:text-slate-300">
        {errorMessage(error, 'Something went wrong while loading this plant. Please try again.')}
      </p>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-4">
        <button
          type="button"
          onClick={() => void refresh()}
          disabled={busy}
          className="rounded-lg bg-leaf-700 px-4 py-2 font-semibold text-white hover:bg-leaf-800 disabled:opacity-70"
        >
          {busy ? 'Trying again...' : 'Try again'}
        </button>
        <Link to={paths.allPlants} className={backLinkClass}>
          ← Back to All Plants
        </Link>
      </div>
    </div>
  );
}
