import type { Plant } from '@model';
import { PHOTO_LIMITS, type Photo } from '@model/photos';
import { Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { ReadFailed } from '@/components/ui/read-failed';
import { inputClass } from '@/components/ui/form-fields';
import { plantPath } from '@/lib/plant-path';
import { PlantImage } from '@/components/plant-image';
import { ApiError } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { alertDialog, confirmDialog, preloadDialogs } from '@/lib/dialogs';
import { translate, useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { changed } from '@/lib/server-changes';
import { useAnswer, type Answer, type Settled } from '@/lib/server-state';
import { apiErrorSentence, errorMessage, useLoadError, type CodeSentences } from '@/lib/use-api-error';
import { deletePhoto } from '../api/delete-photo';
import { photosPath } from '@/lib/photos/list-photos';
import { setCover } from '../api/set-cover';
import { usePhotoUpload } from '@/lib/photos/use-photo-upload';
import { PhotoPicker } from '@/components/photo-picker';
import { retryButtonClass, UploadStatus } from '@/components/upload-status';

export interface PhotoGalleryProps {
  plant: Pick<Plant, '_id' | 'plantName' | 'image'>;
  /** GET /mango/:id/photos, as the page's loader read it. */
  photos: Answer<Settled<Photo[]>>;
  /** The owner adds photos, picks the cover and deletes; everyone else looks. */
  owner: boolean;
}

const messages = defineMessages({
  title: { id: 'photos.title', message: 'Photos' },
  loading: { id: 'photos.loading', message: 'Loading the photos...' },
  loadFailed: { id: 'photos.loadFailed', message: 'The photos could not be loaded. Please try again.' },
  error: { id: 'photos.error', message: 'Error!' },
  coverFailed: { id: 'photos.coverFailed', message: 'The cover could not be changed. Please try again.' },
  deleteTitle: { id: 'photos.deleteTitle', message: 'Are you sure?' },
  deleteText: {
    id: 'photos.deleteText',
    message: "The photo taken {day} will be deleted. You won't be able to revert this!",
  },
  deleteConfirm: { id: 'photos.deleteConfirm', message: 'Yes, delete it!' },
  deleteFailed: { id: 'photos.deleteFailed', message: 'The photo could not be deleted. Please try again.' },
  deleted: { id: 'photos.deleted', message: 'Deleted!' },
  deletedText: { id: 'photos.deletedText', message: 'The photo has been deleted.' },
  none: { id: 'photos.none', message: 'No photos yet.' },
  listLabel: { id: 'photos.listLabel', message: 'Photos, newest first' },
  alt: { id: 'photos.alt', message: '{plant}, photo taken {day}' },
  cover: { id: 'photos.cover', message: 'Cover' },
  makeCover: { id: 'photos.makeCover', message: 'Make cover' },
  makeCoverLabel: {
    id: 'photos.makeCoverLabel',
    message:
      '{captioned, select, yes {Make cover: photo taken {day}, “{caption}”} other {Make cover: photo taken {day}}}',
  },
  delete: { id: 'photos.delete', message: 'Delete' },
  deleteLabel: {
    id: 'photos.deleteLabel',
    message: '{captioned, select, yes {Delete photo taken {day}, “{caption}”} other {Delete photo taken {day}}}',
  },
  full: {
    id: 'photos.full',
    message: 'This plant has {count} photos, the most it can keep: delete one to add another.',
  },
  choose: { id: 'photos.choose', message: 'Choose a photo to add.' },
  add: { id: 'photos.add', message: 'Add a photo' },
  caption: { id: 'photos.caption', message: 'Caption (optional)' },
  added: { id: 'photos.added', message: 'Photo added.' },
  uploading: { id: 'photos.uploading', message: 'Uploading...' },
  upload: { id: 'photos.upload', message: 'Upload photo' },
  refusedForbidden: {
    id: 'photos.refused.forbidden',
    message: "Only the plant's owner and the members of its household may change its photos, not a sitter.",
  },
  refusedGone: { id: 'photos.refused.gone', message: 'That photo does not exist. It may have been deleted.' },
});

/**
 * The web's sentence for each refusal of a cover change or a delete it knows, by the server's code;
 * in English the server's own sentence is shown instead (it says which rule refused).
 */
const REFUSALS: CodeSentences = {
  forbidden: messages.refusedForbidden,
  not_found: messages.refusedGone,
};

const buttonClass =
  'rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2';

/** A plant's photos, newest first, with the day each was taken and its caption. */
export function PhotoGallery(props: PhotoGalleryProps) {
  const t = useT();
  return (
    <section aria-labelledby="plant-photos" className="flex flex-col gap-4">
      <h2 id="plant-photos" className="text-xl font-bold text-slate-900 dark:text-white">
        {t(messages.title)}
      </h2>
      <Suspense
        fallback={
          <p role="status" aria-busy="true" className="text-slate-700 dark:text-slate-300">
            {t(messages.loading)}
          </p>
        }
      >
        <Photos {...props} />
      </Suspense>
    </section>
  );
}

function Photos({ plant, photos, owner }: PhotoGalleryProps) {
  const t = useT();
  const answer = useAnswer(photos);
  const error = useLoadError(answer.ok ? null : answer.error, t(messages.loadFailed));
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    if (owner) preloadDialogs();
  }, [owner]);

  if (!answer.ok) {
    return <ReadFailed message={error} reread={[photosPath(plant._id)]} />;
  }
  const list = answer.data;
  // A photo added or deleted may change the cover, which the plant's answer carries.
  const added = () => changed({ reread: [photosPath(plant._id), plantPath(plant._id)] });

  const said = (caught: unknown, fallback: string) => {
    if (!(caught instanceof ApiError)) return errorMessage(caught, fallback);
    return apiErrorSentence(caught, REFUSALS);
  };
  const fail = (caught: unknown, fallback: string) =>
    alertDialog({ icon: 'error', title: translate(messages.error), text: said(caught, fallback) }).catch(
      () => undefined,
    );

  const makeCover = async (photo: Photo) => {
    setBusy(photo._id);
    try {
      // The cover change answers the plant as stored: only the list's Cover marks are read again.
      await changed({ answered: [await setCover(plant._id, photo._id)], reread: [photosPath(plant._id)] });
    } catch (caught) {
      await fail(caught, translate(messages.coverFailed));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (photo: Photo) => {
    const confirmed = await confirmDialog({
      title: translate(messages.deleteTitle),
      text: translate(messages.deleteText, { day: formatLongDate(photo.takenOn) }),
      confirmText: translate(messages.deleteConfirm),
      danger: true,
    });
    if (!confirmed) return;
    setBusy(photo._id);
    try {
      await deletePhoto(plant._id, photo);
    } catch (caught) {
      // Already gone (deleted in another tab): what the user wanted is true, so the list follows.
      if (!(caught instanceof ApiError && caught.status === 404)) {
        setBusy(null);
        await fail(caught, translate(messages.deleteFailed));
        return;
      }
    }
    await added();
    setBusy(null);
    await alertDialog({
      icon: 'success',
      title: translate(messages.deleted),
      text: translate(messages.deletedText),
    }).catch(() => undefined);
  };

  return (
    <>
      {owner && <AddPhoto plantId={plant._id} full={list.length >= PHOTO_LIMITS.perPlant} onAdded={added} />}
      {list.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{t(messages.none)}</p>
      ) : (
        <ul aria-label={t(messages.listLabel)} className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {list.map((photo) => {
            const day = formatLongDate(photo.takenOn);
            // The buttons are named for their photo (the caption too: a day may have several), in
            // aria-label: browsers put a space before an out-of-flow sr-only span's text.
            const which = { day, captioned: photo.caption ? 'yes' : 'no', caption: photo.caption };
            const cover = plant.image === photo.url;
            return (
              <li key={photo._id}>
                <figure className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
                  <PlantImage
                    src={photo.url}
                    cardUrl={photo.cardUrl}
                    thumbUrl={photo.thumbUrl}
                    sizes="(min-width: 1024px) 270px, (min-width: 640px) 33vw, 50vw"
                    alt={t(messages.alt, { plant: plant.plantName, day })}
                    width={photo.width}
                    height={photo.height}
                    loading="lazy"
                    className="aspect-square w-full bg-slate-100 object-cover dark:bg-slate-800"
                  />
                  <figcaption className="flex flex-1 flex-col gap-1 p-3 text-sm">
                    <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
                      <time dateTime={photo.takenOn}>{day}</time>
                      {cover && (
                        <span className="rounded-full bg-leaf-50 px-2 py-0.5 text-xs text-leaf-900 ring-1 ring-leaf-600/40 dark:bg-leaf-900 dark:text-leaf-50">
                          {t(messages.cover)}
                        </span>
                      )}
                    </span>
                    {photo.caption && (
                      <span className="break-words text-slate-800 dark:text-slate-200">{photo.caption}</span>
                    )}
                  </figcaption>
                  {owner && (
                    <div className="flex flex-wrap gap-2 px-3 pb-3">
                      {!cover && (
                        <button
                          type="button"
                          aria-label={t(messages.makeCoverLabel, which)}
                          onClick={() => void makeCover(photo)}
                          disabled={busy !== null}
                          className={`${buttonClass} text-leaf-800 ring-leaf-600 hover:bg-leaf-50 dark:text-leaf-50 dark:hover:bg-leaf-900`}
                        >
                          {t(messages.makeCover)}
                        </button>
                      )}
                      <button
                        type="button"
                        aria-label={t(messages.deleteLabel, which)}
                        onClick={() => void remove(photo)}
                        disabled={busy !== null}
                        className={`${buttonClass} text-red-800 ring-red-300 hover:bg-red-50 dark:text-red-200 dark:ring-red-800 dark:hover:bg-red-950`}
                      >
                        {t(messages.delete)}
                      </button>
                    </div>
                  )}
                </figure>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/** The owner's "Add a photo": a photo, an optional caption, and the upload's progress. */
function AddPhoto({ plantId, full, onAdded }: { plantId: string; full: boolean; onAdded: () => Promise<void> }) {
  const captionId = useId();
  const t = useT();
  const upload = usePhotoUpload();
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  /** Add was pressed with no photo chosen. */
  const [missing, setMissing] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const [added, setAdded] = useState(false);

  const finish = async (photo: Photo | null) => {
    if (!photo) return;
    setFile(null);
    setCaption('');
    setResetKey((key) => key + 1);
    setAdded(true);
    await onAdded();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAdded(false);
    if (!file) {
      setMissing(true);
      return;
    }
    await finish(await upload.upload(plantId, file, { caption }));
  };

  if (full) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">{t(messages.full, { count: PHOTO_LIMITS.perPlant })}</p>
    );
  }
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t(messages.add)}
      className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700"
    >
      <fieldset disabled={upload.busy} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <PhotoPicker
          label={t(messages.add)}
          resetKey={resetKey}
          error={missing ? t(messages.choose) : null}
          onChange={(chosen) => {
            setMissing(false);
            setAdded(false);
            setFile(chosen);
          }}
        />
        <div>
          <label htmlFor={captionId} className="mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-200">
            {t(messages.caption)}
          </label>
          <input
            id={captionId}
            value={caption}
            maxLength={PHOTO_LIMITS.caption}
            autoComplete="off"
            onChange={(event) => setCaption(event.target.value)}
            className={`${inputClass} border-slate-400 dark:border-slate-600`}
          />
        </div>
      </fieldset>
      <UploadStatus state={upload.state} onRetry={() => void upload.retry(file ?? undefined).then(finish)} />
      {added && (
        <p role="status" className="text-sm font-medium text-leaf-900 dark:text-leaf-50">
          {t(messages.added)}
        </p>
      )}
      <div>
        <button type="submit" disabled={upload.busy} className={retryButtonClass}>
          {t(upload.busy ? messages.uploading : messages.upload)}
        </button>
      </div>
    </form>
  );
}
