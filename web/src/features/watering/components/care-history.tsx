import type { PlantEvent } from '@model/plant-events';
import { useEffect, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { listPlantEvents, plantEventsPath } from '@/features/plants/api/list-plant-events';
import { useAnswerRevision } from '@/lib/answer-updates';
import { formatLongDate } from '@/lib/dates';
import { useApiError } from '@/lib/use-api-error';
import { describeEvent } from '../lib/event-text';
import { DropIcon } from './watering-icons';

export interface CareHistoryProps {
  plantId: string;
  /** Changes whenever the plant was watered or a watering undone, so the history is read again. */
  version?: number;
}

type HistoryState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; events: PlantEvent[] };

/** The owner's care history of one plant (GET /mango/:id/events): newest first, day and what happened. */
export function CareHistory({ plantId, version = 0 }: CareHistoryProps) {
  const handleApiError = useApiError();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<HistoryState>({ status: 'loading' });

  // Changed on another device since the history shown: read again (a failure leaves it shown).
  const { revision, takeRefresh } = useAnswerRevision(plantEventsPath(plantId));

  useEffect(() => {
    const refresh = takeRefresh();
    const controller = new AbortController();
    listPlantEvents(plantId, controller.signal).then(
      (events) => setState({ status: 'ready', events }),
      (error: unknown) => {
        if (controller.signal.aborted || refresh) return;
        const message = handleApiError(error, 'The care history could not be loaded. Please try again.');
        if (message) setState({ status: 'error', message });
      },
    );
    return () => controller.abort();
  }, [plantId, version, attempt, revision, takeRefresh, handleApiError]);

  return (
    <section
      aria-labelledby="care-history"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:col-span-2 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="care-history" className="text-xl font-bold text-slate-900 dark:text-white">
        Care History
      </h2>
      <div className="mt-4" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && (
          <p role="status" className="text-slate-700 dark:text-slate-300">
            Loading the care history...
          </p>
        )}
        {state.status === 'error' && (
          <div className="space-y-3">
            <Banner tone="error">{state.message}</Banner>
            <button
              type="button"
              onClick={() => {
                setState({ status: 'loading' });
                setAttempt((n) => n + 1);
              }}
              className="rounded-lg bg-leaf-700 px-4 py-2 text-sm font-semibold text-white hover:bg-leaf-800"
            >
              Try again
            </button>
          </div>
        )}
        {state.status === 'ready' && state.events.length === 0 && <p className="text-slate-700 dark:text-slate-300">Nothing recorded yet.</p>}
        {state.status === 'ready' && state.events.length > 0 && (
          <ol className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Care history, newest first">
            {state.events.map((event) => {
              const text = describeEvent(event);
              return (
                <li key={event._id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
                  <span
                    aria-hidden="true"
                    className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full ${
                      event.type === 'watered'
                        ? 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200'
                        : 'bg-leaf-50 text-leaf-800 dark:bg-leaf-900 dark:text-leaf-50'
                    }`}
                  >
                    {event.type === 'watered' ? <DropIcon size={16} /> : <span className="size-2 rounded-full bg-current" />}
                  </span>
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900 dark:text-white">
                      <time dateTime={text.day}>{formatLongDate(text.day)}</time>: {text.title}
                    </p>
                    {text.details.length > 0 && (
                      <ul className="mt-1 space-y-0.5 text-sm break-words text-slate-700 dark:text-slate-300">
                        {text.details.map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </section>
  );
}
