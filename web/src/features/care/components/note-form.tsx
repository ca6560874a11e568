import { NOTE_TEXT_MAX } from '@model/plant-events';
import type { Photo } from '@model/photos';
import { useState, type FormEvent } from 'react';
import { Banner } from '@/components/ui/banner';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-fields';
import { photosPath } from '@/lib/photos/list-photos';
import { PhotoPicker } from '@/components/photo-picker';
import { retryButtonClass, UploadStatus } from '@/components/upload-status';
import { usePhotoUpload } from '@/lib/photos/use-photo-upload';
import { plantEventsPath } from '@/features/care/api/list-plant-events';
import { plantPath } from '@/lib/plant-path';
import { useToday } from '@/lib/use-today';
import { ApiError } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { changed } from '@/lib/server-changes';
import { useApiError } from '@/lib/use-api-error';
import { addNote } from '../api/add-note';

type Field = 'text' | 'date' | 'photoId';

/** The note's rules, loaded at the first check: the plant's page draws without the model's library (zod). */
const noteRules = () => import('@model').then((model) => model.NoteInputSchema);

/** The name of a photo in the list to pick from: its day and caption. */
const photoChoice = (photo: Photo) =>
  `Photo taken ${formatLongDate(photo.takenOn)}${photo.caption ? `: ${photo.caption}` : ''}`;

/**
 * "Add a note" under the journal: a text (1 to 1,000 characters), an optional day (today
 * without one), and optionally a photo: one of the plant's, or a new one uploaded first (with its
 * progress and Retry) and then named by the note.
 */
export function NoteForm({
  plantId,
  photos,
  canUpload,
}: {
  plantId: string;
  photos: readonly Photo[];
  /** Offer uploading a new photo: the owner and members may add photos, a sitter only names the plant's. */
  canUpload: boolean;
}) {
  const today = useToday();
  const handleApiError = useApiError();
  const upload = usePhotoUpload();
  const [text, setText] = useState('');
  const [date, setDate] = useState('');
  const [photoId, setPhotoId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [added, setAdded] = useState(false);

  const check = async (photo?: string) => {
    let rules;
    try {
      rules = await noteRules();
    } catch {
      // Their code could not be fetched (offline before the app's worker kept it): nothing is sent,
      // and the browser keeps that failure until the page is loaded again.
      setFailure('The note could not be checked. Please reload the page and try again.');
      return undefined;
    }
    const checked = rules.safeParse({ text, date, photoId: photo });
    if (!checked.success)
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
    return checked.data;
  };

  /** Checks the note, uploads its new photo (again, on Retry), then sends the note. */
  const run = async (retry: boolean) => {
    setErrors({});
    setFailure(null);
    setAdded(false);
    setSending(true);
    try {
      if (!(await check())) return;
      let photo = photoId || undefined;
      let uploadedNow = false;
      if (file) {
        const uploaded = retry
          ? await upload.retry(file)
          : await upload.upload(plantId, file, date ? { takenOn: date } : {});
        // The upload says why it failed, with Retry; the note waits for its photo.
        if (!uploaded) return;
        // The photo is the plant's now (its gallery, maybe its cover): a note sent again names it, never uploads it twice.
        photo = uploaded._id;
        setFile(null);
        setPickerKey((key) => key + 1);
        setPhotoId(photo);
        uploadedNow = true;
      }
      // A new photo joins the gallery, and may be the plant's first (its cover).
      const touched = uploadedNow ? [photosPath(plantId), plantPath(plantId)] : [];
      const note = await check(photo);
      if (!note) {
        void changed({ reread: touched });
        return;
      }
      try {
        await addNote(plantId, note);
      } catch (error) {
        if (error instanceof ApiError && error.fields) setErrors(error.fields as Partial<Record<Field, string>>);
        setFailure(handleApiError(error, 'The note could not be added. Please try again.'));
        void changed({ reread: touched });
        return;
      }
      setText('');
      setDate('');
      setPhotoId('');
      setFile(null);
      setPickerKey((key) => key + 1);
      upload.reset();
      setAdded(true);
      await changed({ reread: [plantEventsPath(plantId), ...touched] });
    } finally {
      setSending(false);
    }
  };

  const busy = sending || upload.busy;
  return (
    <form
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void run(false);
      }}
      noValidate
      aria-label="Add a note"
      aria-busy={busy}
      className="mb-5 flex flex-col gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700"
    >
      {failure && <Banner tone="error">{failure}</Banner>}
      <fieldset disabled={busy} className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
        <legend className="sr-only">Add a note</legend>
        <TextAreaField
          label="Note"
          rows={3}
          maxLength={NOTE_TEXT_MAX}
          placeholder="e.g., New leaf unfurling"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={errors.text}
          className="sm:col-span-2"
        />
        <TextField
          label="Date (optional)"
          type="date"
          max={today}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={errors.date}
        />
        <SelectField
          label="Photo (optional)"
          options={photos.map((photo) => ({ value: photo._id, label: photoChoice(photo) }))}
          placeholder="No photo"
          value={photoId}
          disabled={file !== null}
          onChange={(event) => setPhotoId(event.target.value)}
          error={errors.photoId}
        />
        {canUpload && (
          <div className="sm:col-span-2">
            <PhotoPicker label="Or upload a new photo (optional)" resetKey={pickerKey} onChange={setFile} />
          </div>
        )}
      </fieldset>
      <UploadStatus
        state={upload.state}
        failurePrefix="The note was not added: its photo was not uploaded:"
        onRetry={() => void run(true)}
      />
      <p role="status" className="text-sm font-medium text-leaf-900 empty:hidden dark:text-leaf-50">
        {added ? 'Note added.' : ''}
      </p>
      <div>
        <button type="submit" disabled={busy} className={retryButtonClass}>
          {busy ? 'Adding note...' : 'Add note'}
        </button>
      </div>
    </form>
  );
}
