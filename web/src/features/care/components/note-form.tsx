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
import { translate, useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { changed } from '@/lib/server-changes';
import { serverFieldSentence, useApiError } from '@/lib/use-api-error';
import { addNote } from '../api/add-note';

type Field = 'text' | 'date' | 'photoId';

const messages = defineMessages({
  photoChoice: { id: 'care.note.photoChoice', message: 'Photo taken {date}' },
  photoChoiceCaption: { id: 'care.note.photoChoiceCaption', message: 'Photo taken {date}: {caption}' },
  notChecked: {
    id: 'care.note.notChecked',
    message: 'The note could not be checked. Please reload the page and try again.',
  },
  notAdded: { id: 'care.note.notAdded', message: 'The note could not be added. Please try again.' },
  textRequired: { id: 'care.note.textRequired', message: 'Note text is required.' },
  textTooLong: { id: 'care.note.textTooLong', message: 'Note text must be at most {max} characters.' },
  dateInvalid: { id: 'care.note.dateInvalid', message: 'Note date must be a real date written YYYY-MM-DD.' },
  dateFuture: { id: 'care.note.dateFuture', message: 'The note date cannot be in the future.' },
  photoInvalid: { id: 'care.note.photoInvalid', message: "photoId must be the id of one of this plant's photos." },
  photoGone: {
    id: 'care.note.photoGone',
    message: "That photo is not one of this plant's photos. It may have been deleted.",
  },
  addANote: { id: 'care.note.addANote', message: 'Add a note' },
  note: { id: 'care.note.note', message: 'Note' },
  placeholder: { id: 'care.note.placeholder', message: 'e.g., New leaf unfurling' },
  date: { id: 'care.note.date', message: 'Date (optional)' },
  photo: { id: 'care.note.photo', message: 'Photo (optional)' },
  noPhoto: { id: 'care.note.noPhoto', message: 'No photo' },
  upload: { id: 'care.note.upload', message: 'Or upload a new photo (optional)' },
  photoFailed: { id: 'care.note.photoFailed', message: 'The note was not added: its photo was not uploaded:' },
  added: { id: 'care.note.added', message: 'Note added.' },
  adding: { id: 'care.note.adding', message: 'Adding note...' },
  add: { id: 'care.note.add', message: 'Add note' },
});

/**
 * What the note's rules (NoteInputSchema, the model's English) found wrong with a field, in the
 * app's language; the form lets through no other kind of value (a date picker, a list of photos).
 */
function issueText(field: string, issue: { code: string; message: string }): string {
  if (field === 'text')
    return issue.code === 'too_big'
      ? translate(messages.textTooLong, { max: NOTE_TEXT_MAX })
      : translate(messages.textRequired);
  if (field === 'date') return translate(messages.dateInvalid);
  if (field === 'photoId') return translate(messages.photoInvalid);
  return issue.message;
}

/**
 * The server's refusal of a field, in the app's language: the checks only it can make (a day in
 * the future by its clock, a photo deleted meanwhile), the text's rules as the form says them,
 * and anything else as serverFieldSentence says it.
 */
function refusedText(field: string, message: string): string {
  if (field === 'date') return translate(messages.dateFuture);
  if (field === 'photoId') return translate(messages.photoGone);
  if (field === 'text')
    return / at most \d+ characters\.$/.test(message)
      ? translate(messages.textTooLong, { max: NOTE_TEXT_MAX })
      : translate(messages.textRequired);
  return serverFieldSentence(message);
}

/** The note's rules, loaded at the first check: the plant's page draws without the model's library (zod). */
const noteRules = () => import('@model').then((model) => model.NoteInputSchema);

/** The name of a photo in the list to pick from: its day and caption. */
const photoChoice = (photo: Photo, t: typeof translate) =>
  photo.caption
    ? t(messages.photoChoiceCaption, { date: formatLongDate(photo.takenOn), caption: photo.caption })
    : t(messages.photoChoice, { date: formatLongDate(photo.takenOn) });

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
  const t = useT();
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
      setFailure(t(messages.notChecked));
      return undefined;
    }
    const checked = rules.safeParse({ text, date, photoId: photo });
    if (!checked.success)
      setErrors(
        Object.fromEntries(
          checked.error.issues.map((issue) => [String(issue.path[0]), issueText(String(issue.path[0]), issue)]),
        ),
      );
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
        if (error instanceof ApiError && error.fields)
          setErrors(
            Object.fromEntries(
              Object.entries(error.fields).map(([field, message]) => [field, refusedText(field, message)]),
            ),
          );
        setFailure(handleApiError(error, t(messages.notAdded)));
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
      aria-label={t(messages.addANote)}
      aria-busy={busy}
      className="mb-5 flex flex-col gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700"
    >
      {failure && <Banner tone="error">{failure}</Banner>}
      <fieldset disabled={busy} className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
        <legend className="sr-only">{t(messages.addANote)}</legend>
        <TextAreaField
          label={t(messages.note)}
          rows={3}
          maxLength={NOTE_TEXT_MAX}
          placeholder={t(messages.placeholder)}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={errors.text}
          className="sm:col-span-2"
        />
        <TextField
          label={t(messages.date)}
          type="date"
          max={today}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={errors.date}
        />
        <SelectField
          label={t(messages.photo)}
          options={photos.map((photo) => ({ value: photo._id, label: photoChoice(photo, t) }))}
          placeholder={t(messages.noPhoto)}
          value={photoId}
          disabled={file !== null}
          onChange={(event) => setPhotoId(event.target.value)}
          error={errors.photoId}
        />
        {canUpload && (
          <div className="sm:col-span-2">
            <PhotoPicker label={t(messages.upload)} resetKey={pickerKey} onChange={setFile} />
          </div>
        )}
      </fieldset>
      <UploadStatus state={upload.state} failurePrefix={t(messages.photoFailed)} onRetry={() => void run(true)} />
      <p role="status" className="text-sm font-medium text-leaf-900 empty:hidden dark:text-leaf-50">
        {added ? t(messages.added) : ''}
      </p>
      <div>
        <button type="submit" disabled={busy} className={retryButtonClass}>
          {busy ? t(messages.adding) : t(messages.add)}
        </button>
      </div>
    </form>
  );
}
