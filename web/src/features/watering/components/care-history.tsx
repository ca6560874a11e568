import type { PlantEvent } from '@model/plant-events';
import { Suspense } from 'react';
import { useRevalidator } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { plantEventsPath } from '@/features/plants/api/list-plant-events';
import { formatLongDate } from '@/lib/dates';
import { invalidate, useAnswer, type Answer, type Settled } from '@/lib/server-state';
import { useLoadError } from '@/lib/use-api-error';
import { describeEvent } from '../lib/event-text';
import { DropIcon } from './watering-icons';

export interface CareHistoryProps {
  plantId: string;
  /** The history the route's loader read (GET /mango/:id/events). */
  history: Answer<Settled<PlantEvent[]> | null>;
}

/** The owner's care history of one plant: newest first, day and what happened. */
export function CareHistory({ plantId, history }: CareHistoryProps) {
  return (
    <section
      aria-labelledby="care-history"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:col-span-2 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="care-history" className="text-xl font-bold text-slate-900 dark:text-white">
        Care History
      </h2>
      <Suspense
        fallback={
          <div className="mt-4" aria-busy="true">
            <p role="status" className="text-slate-700 dark:text-slate-300">
              Loading the care history...
            </p>
          </div>
        }
      >
        <div className="mt-4">
          <Events plantId={plantId} history={history} />
        </div>
      </Suspense>
    </section>
  );
}

function Events({ plantId, history }: CareHistoryProps) {
  const answer = useAnswer(history);
  const error = useLoadError(answer && !answer.ok ? answer.error : null, 'The care history could not be loaded. Please try again.');
  const revalidator = useRevalidator();
  if (!answer) return null;
  if (!answer.ok) {
    return (
      error && (
        <div className="space-y-3">
          <Banner tone="error">{error}</Banner>
          <button
            type="button"
            onClick={() => void invalidate([plantEventsPath(plantId)])}
            disabled={revalidator.state === 'loading'}
            className="rounded-lg bg-leaf-700 px-4 py-2 text-sm font-semibold text-white hover:bg-leaf-800 disabled:opacity-70"
          >
            Try again
          </button>
        </div>
      )
    );
  }
  const events = answer.data;
  return (
    <>
      {events.length === 0 && <p className="text-slate-700 dark:text-slate-300">Nothing recorded yet.</p>}
      {events.length > 0 && (
        <ol className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Care history, newest first">
          {events.map((event) => {
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
    </>
  );
}
