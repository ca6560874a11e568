import { careJobOfType } from '@model/care-tasks';
import type { PlantEvent } from '@model/plant-events';
import type { Photo } from '@model/photos';
import { Suspense, useEffect, useState } from 'react';
import { ReadFailed } from '@/components/ui/read-failed';
import { CheckIcon } from '@/components/ui/icons';
import { NoteForm } from '@/features/care/components/note-form';
import { deleteNote } from '@/features/care/api/delete-note';
import { plantEventsPath } from '@/features/care/api/list-plant-events';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatLongDate } from '@/lib/dates';
import { alertDialog, confirmDialog, preloadDialogs } from '@/lib/dialogs';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { changed } from '@/lib/server-changes';
import { useAnswer, type Answer, type Settled } from '@/lib/server-state';
import { errorMessage, useLoadError } from '@/lib/use-api-error';
import { describeEvent } from '../lib/event-text';
import { DropIcon } from './watering-icons';

const messages = defineMessages({
  title: { id: 'care.history.title', message: 'Care History' },
  lead: { id: 'care.history.lead', message: "The plant's journal: care, changes and notes, newest first." },
  loading: { id: 'care.history.loading', message: 'Loading the care history...' },
  loadFailed: { id: 'care.history.loadFailed', message: 'The care history could not be loaded. Please try again.' },
  confirmTitle: { id: 'care.history.confirmTitle', message: 'Are you sure?' },
  confirmText: { id: 'care.history.confirmText', message: "You won't be able to revert this!" },
  confirmDelete: { id: 'care.history.confirmDelete', message: 'Yes, delete it!' },
  deleteFailed: { id: 'care.history.deleteFailed', message: 'The note could not be deleted. Please try again.' },
  errorTitle: { id: 'care.history.errorTitle', message: 'Error!' },
  deletedTitle: { id: 'care.history.deletedTitle', message: 'Deleted!' },
  deletedText: { id: 'care.history.deletedText', message: 'The note has been deleted.' },
  empty: { id: 'care.history.empty', message: 'Nothing recorded yet.' },
  list: { id: 'care.history.list', message: 'Care history, newest first' },
  afterDate: { id: 'care.history.afterDate', message: ': {title}' },
  photoAlt: { id: 'care.history.photoAlt', message: '{plant}, photo taken {date}' },
  deleteLabel: { id: 'care.history.deleteLabel', message: 'Delete the note of {date}: {text}' },
  delete: { id: 'care.history.delete', message: 'Delete' },
});

export interface CareHistoryProps {
  plantId: string;
  plantName: string;
  /** The history the route's loader read (GET /mango/:id/events). */
  history: Answer<Settled<PlantEvent[]> | null>;
  /** The plant's photos: a note may show one, and the note box offers them. */
  photos: Answer<Settled<Photo[]>>;
  /** Whether the note box offers uploading a new photo (the owner and members; a sitter names existing ones). */
  canUpload: boolean;
}

/**
 * A plant's journal, for its owner and the household it is shared with: care, edits and notes in one timeline, newest first, each with
 * its day and what happened; a box to add a note (with a photo), and a note's Delete.
 */
export function CareHistory(props: CareHistoryProps) {
  const t = useT();
  return (
    <section
      aria-labelledby="care-history"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:col-span-2 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="care-history" className="text-xl font-bold text-slate-900 dark:text-white">
        {t(messages.title)}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t(messages.lead)}</p>
      <Suspense
        fallback={
          <div className="mt-4" aria-busy="true">
            <p role="status" className="text-slate-700 dark:text-slate-300">
              {t(messages.loading)}
            </p>
          </div>
        }
      >
        <div className="mt-4">
          <Events {...props} />
        </div>
      </Suspense>
    </section>
  );
}

function Events({ plantId, plantName, history, photos, canUpload }: CareHistoryProps) {
  const t = useT();
  const answer = useAnswer(history);
  const photoList = useAnswer(photos);
  const [deleting, setDeleting] = useState<string | null>(null);
  const viewerUid = useAuth().user?.uid;
  useEffect(preloadDialogs, []);
  const error = useLoadError(answer && !answer.ok ? answer.error : null, t(messages.loadFailed));
  if (!answer) return null;
  if (!answer.ok) {
    return <ReadFailed message={error} reread={[plantEventsPath(plantId)]} />;
  }
  const events = answer.data;
  const list = photoList.ok ? photoList.data : [];

  const remove = async (note: PlantEvent) => {
    const confirmed = await confirmDialog({
      title: t(messages.confirmTitle),
      text: t(messages.confirmText),
      confirmText: t(messages.confirmDelete),
      danger: true,
    });
    if (!confirmed) return;
    setDeleting(note._id);
    try {
      await deleteNote(plantId, note._id);
    } catch (caught) {
      // Already gone (deleted in another tab): what the user wanted is true, so the journal follows.
      if (!(caught instanceof ApiError && caught.status === 404)) {
        setDeleting(null);
        const text = caught instanceof ApiError ? caught.message : errorMessage(caught, t(messages.deleteFailed));
        await alertDialog({ icon: 'error', title: t(messages.errorTitle), text }).catch(() => undefined);
        return;
      }
    }
    await changed({ reread: [plantEventsPath(plantId)] });
    setDeleting(null);
    await alertDialog({ icon: 'success', title: t(messages.deletedTitle), text: t(messages.deletedText) }).catch(
      () => undefined,
    );
  };

  return (
    <>
      <NoteForm plantId={plantId} photos={list} canUpload={canUpload} />
      {events.length === 0 && <p className="text-slate-700 dark:text-slate-300">{t(messages.empty)}</p>}
      {events.length > 0 && (
        <ol className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t(messages.list)}>
          {events.map((event) => {
            const text = describeEvent(event, viewerUid, t);
            const job = careJobOfType(event.type);
            const note = event.type === 'note';
            const photo = note && event.photoId ? list.find((candidate) => candidate._id === event.photoId) : undefined;
            return (
              <li key={event._id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
                <span
                  aria-hidden="true"
                  className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full ${
                    job === 'water'
                      ? 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200'
                      : note
                        ? 'bg-mango-50 text-slate-800 ring-1 ring-mango-400/60 dark:bg-slate-800 dark:text-slate-100'
                        : 'bg-leaf-50 text-leaf-800 dark:bg-leaf-900 dark:text-leaf-50'
                  }`}
                >
                  {job === 'water' ? (
                    <DropIcon size={16} />
                  ) : job ? (
                    <CheckIcon size={16} />
                  ) : (
                    <span className="size-2 rounded-full bg-current" />
                  )}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900 dark:text-white">
                    <time dateTime={text.day}>{formatLongDate(text.day)}</time>
                    {t(messages.afterDate, { title: text.title })}
                  </p>
                  {text.details.length > 0 && (
                    <ul className="mt-1 space-y-0.5 text-sm break-words text-slate-700 dark:text-slate-300">
                      {text.details.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  )}
                  {note && (
                    <div className="mt-1 flex flex-wrap items-start gap-3">
                      {photo && (
                        <a
                          href={photo.url}
                          className="shrink-0 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2"
                        >
                          <img
                            src={photo.thumbUrl}
                            alt={t(messages.photoAlt, { plant: plantName, date: formatLongDate(photo.takenOn) })}
                            width={96}
                            height={96}
                            loading="lazy"
                            className="size-24 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
                          />
                        </a>
                      )}
                      <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
                        <p className="whitespace-pre-line break-words text-slate-800 dark:text-slate-200">
                          {event.text}
                        </p>
                        <button
                          type="button"
                          aria-label={t(messages.deleteLabel, {
                            date: formatLongDate(text.day),
                            text: event.text ?? '',
                          }).slice(0, 120)}
                          onClick={() => void remove(event)}
                          disabled={deleting !== null}
                          className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 dark:text-red-200 dark:ring-red-800 dark:hover:bg-red-950"
                        >
                          {t(messages.delete)}
                        </button>
                      </div>
                    </div>
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
