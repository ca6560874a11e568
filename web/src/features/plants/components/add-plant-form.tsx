import {
  AddPlantFormSchema,
  CARE_LEVELS,
  CareInputSchema,
  HEALTH_STATUSES,
  PLANT_FORM_CATEGORIES,
  type AddPlantFormValues,
} from '@model';
import type { CareInput } from '@model/care-tasks';
import { startTransition, useActionState, useEffect, useId, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Banner } from '@/components/ui/banner';
import { TextField } from '@/components/ui/form-fields';
import { alertDialog, preloadDialogs } from '@/lib/dialogs';
import { OfflineNote } from '@/components/ui/offline-note';
import { useOnline } from '@/lib/app-status';
import { useApiError } from '@/lib/use-api-error';
import { createPlant } from '../api/create-plant';
import { formResolver } from '../lib/form-resolver';
import { applyServerFieldErrors } from '../lib/server-field-errors';
import { ButtonSpinner, SelectField, submitButtonClass, TextAreaField } from '@/components/ui/form-fields';
import { FrequencyHintText, SuggestedDateText } from '@/features/watering/components/schedule-hints';
import { useNextDateSuggestion } from '@/features/watering/hooks/use-next-date-suggestion';
import { PhotoPicker } from '@/features/photos/components/photo-picker';
import { UploadStatus } from '@/features/photos/components/upload-status';
import { usePhotoUpload } from '@/features/photos/hooks/use-photo-upload';
import { MoreCareFields, type MoreCareFieldsProps } from '@/features/care/components/more-care-fields';
import { CARE_FIELD_NAMES, careFormValues, careInputOf, type CareFormValues } from '@/features/care/lib/care-form';

/** What the inputs hold: text, until the shared schema has checked and trimmed it. */
export type AddPlantFormInput = { [K in keyof AddPlantFormValues]: string } & { care: CareFormValues };

const EMPTY: AddPlantFormInput = {
  image: '',
  plantName: '',
  wateringFrequency: '',
  healthStatus: '',
  lastWateredDate: '',
  nextWateringDate: '',
  category: '',
  careLevel: '',
  description: '',
  care: careFormValues(undefined),
};

const FIELDS = [...(Object.keys(AddPlantFormSchema.shape) as (keyof AddPlantFormValues)[]), ...CARE_FIELD_NAMES];

/** The nine fields and More care's schedules (all optional). */
const LinkFormSchema = AddPlantFormSchema.extend({ care: CareInputSchema.optional() });
/** With a photo to upload, the plant is created without an image: its first photo becomes its cover. */
const UploadFormSchema = LinkFormSchema.omit({ image: true });
const linkResolver = formResolver<AddPlantFormInput, typeof LinkFormSchema>(LinkFormSchema);
const uploadResolver = formResolver<AddPlantFormInput, typeof UploadFormSchema>(UploadFormSchema);

/** What the form submits: the image only with a link. */
type AddPlantValues = Omit<AddPlantFormValues, 'image'> & { image?: string; care?: CareInput };

type PictureSource = 'upload' | 'link';
const NO_PHOTO = 'Choose a photo to upload, or paste a link instead.';

/**
 * Add Plant: the nine fields, all required, checked in the browser with the
 * schema the server enforces again. The picture is a photo to upload (created first, then its
 * photo sent with a progress bar) or a link. On success: a fresh form under 'Success!'; on failure
 * the server's sentence, with every typed value kept. A plant whose photo failed to upload is kept,
 * and Retry sends the photo again to it (never a second plant).
 */
export function AddPlantForm() {
  const online = useOnline();
  const handleApiError = useApiError();
  const healthListId = useId();
  const hintId = useId();
  const upload = usePhotoUpload();
  const [source, setSource] = useState<PictureSource>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  /** The name of the plant created here whose photo did not upload (Retry sends it to that plant). */
  const [saved, setSaved] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    setValue,
    control,
    formState: { errors, isSubmitted },
  } = useForm<AddPlantFormInput, unknown, AddPlantValues>({
    defaultValues: EMPTY,
    resolver: source === 'link' ? linkResolver : uploadResolver,
  });
  const [frequency, lastWatered, next] = useWatch({
    control,
    name: ['wateringFrequency', 'lastWateredDate', 'nextWateringDate'],
  });
  const schedule = useNextDateSuggestion({
    frequency,
    lastWatered,
    next,
    setNext: (value) => setValue('nextWateringDate', value, { shouldDirty: true, shouldValidate: isSubmitted }),
  });

  useEffect(preloadDialogs, []);

  // The plant is saved (and its photo, if any): the form and its button start over as the alert
  // shows (the alert and the reset come together), not when it is closed; the alert is not
  // awaited, so the submission ends here. Closing it brings the user back to the first field.
  const finish = () => {
    reset(EMPTY);
    setSaved(null);
    setFile(null);
    setPickerKey((key) => key + 1);
    upload.reset();
    void alertDialog({ icon: 'success', title: 'Success!', text: 'Plant added successfully!' })
      .catch(() => undefined)
      .then(() => setFocus('plantName'));
  };

  // The request, as a React action: `sending` while it is on its way, and the failure's sentence
  // (null after a success). The form locks its fields while sending, not while validating: a
  // disabled fieldset takes no focus, and react-hook-form moves focus to the first invalid field.
  const [failure, add, sending] = useActionState(
    async (_previous: string | null, values: AddPlantValues): Promise<string | null> => {
      const photo = source === 'upload' ? file : null;
      const input = { ...values, image: photo ? undefined : values.image, care: careInputOf(values.care) };
      let insertedId: string | undefined;
      try {
        ({ insertedId } = await createPlant(input));
      } catch (error) {
        applyServerFieldErrors(error, FIELDS, setError);
        return handleApiError(error, 'The plant could not be added. Please try again.');
      }
      if (!insertedId) return 'The server did not confirm the new plant. Please check My Plants before trying again.';
      if (photo) {
        setSaved(values.plantName);
        // A failure keeps the plant and the typed text; the upload's status says why and offers Retry.
        if (!(await upload.upload(insertedId, photo))) return null;
      }
      finish();
      return null;
    },
    null,
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const needsPhoto = source === 'upload' && !file;
    if (needsPhoto) setFileError(NO_PHOTO);
    return handleSubmit((values) => {
      if (!needsPhoto) startTransition(() => add(values));
    })(event);
  };

  const retry = async () => {
    if (await upload.retry(file ?? undefined)) finish();
  };
  const locked = sending || saved !== null;

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={sending} className="space-y-6">
      {failure && !sending && <Banner tone="error">{failure}</Banner>}
      <fieldset disabled={locked} className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <legend className="sr-only">Plant details</legend>
        <TextField
          label="Plant Name"
          autoComplete="off"
          required
          error={errors.plantName?.message}
          {...register('plantName')}
        />
        <SelectField
          label="Category"
          placeholder="Choose a category"
          options={PLANT_FORM_CATEGORIES}
          required
          error={errors.category?.message}
          {...register('category')}
        />
        <SelectField
          label="Care Level"
          placeholder="Choose a care level"
          options={CARE_LEVELS}
          required
          error={errors.careLevel?.message}
          {...register('careLevel')}
        />
        <TextField
          label="Watering Frequency"
          placeholder="e.g., Every 3 days"
          autoComplete="off"
          required
          describedBy={schedule.hint ? `${hintId}-frequency` : undefined}
          error={errors.wateringFrequency?.message}
          {...register('wateringFrequency')}
        >
          <FrequencyHintText id={`${hintId}-frequency`} hint={schedule.hint} />
        </TextField>
        <TextField
          label="Health Status"
          placeholder="e.g., Healthy"
          autoComplete="off"
          list={healthListId}
          required
          error={errors.healthStatus?.message}
          {...register('healthStatus')}
        >
          <datalist id={healthListId}>
            {HEALTH_STATUSES.map((status) => (
              <option key={status} value={status} />
            ))}
          </datalist>
        </TextField>
        <TextField
          label="Last Watered Date"
          type="date"
          required
          error={errors.lastWateredDate?.message}
          {...register('lastWateredDate')}
        />
        <TextField
          label="Next Watering Date"
          type="date"
          required
          describedBy={schedule.suggested ? `${hintId}-next` : undefined}
          error={errors.nextWateringDate?.message}
          {...register('nextWateringDate')}
        >
          <SuggestedDateText id={`${hintId}-next`} suggested={schedule.suggested} from="last watering" />
        </TextField>
        <TextAreaField
          label="Description"
          rows={4}
          required
          className="sm:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
        <MoreCareFields
          {...({ control, register, setValue, setFocus } as unknown as Pick<
            MoreCareFieldsProps,
            'control' | 'register' | 'setValue' | 'setFocus'
          >)}
          errors={errors}
          isSubmitted={isSubmitted}
          otherErrors={Object.keys(errors).some((name) => name !== 'care')}
          locked={locked}
        />
      </fieldset>
      <fieldset disabled={sending || upload.busy} className="flex flex-col gap-3">
        <legend className="mb-1.5 text-sm font-semibold text-slate-800 dark:text-slate-200">Picture</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ['upload', 'Upload a photo'],
              ['link', 'Paste a link'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="inline-flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              <input
                type="radio"
                name="picture-source"
                value={value}
                checked={source === value}
                disabled={saved !== null}
                onChange={() => setSource(value)}
                className="size-4 accent-leaf-700"
              />
              {label}
            </label>
          ))}
        </div>
        {source === 'upload' ? (
          <PhotoPicker
            label="Photo"
            resetKey={pickerKey}
            error={fileError}
            onChange={(chosen) => {
              setFileError(null);
              setFile(chosen);
            }}
          />
        ) : (
          <TextField
            label="Image URL"
            type="url"
            inputMode="url"
            placeholder="https://example.com/plant.jpg"
            required
            disabled={locked}
            error={errors.image?.message}
            {...register('image')}
          />
        )}
        <UploadStatus
          state={upload.state}
          onRetry={() => void retry()}
          failurePrefix={saved ? `${saved} was added, but its photo was not uploaded:` : undefined}
        />
      </fieldset>
      {saved === null && (
        <div>
          <button type="submit" disabled={!online || sending} className={submitButtonClass}>
            {sending && <ButtonSpinner />}
            {sending ? 'Adding Plant...' : 'Add Plant'}
          </button>
          <OfflineNote />
        </div>
      )}
      {saved !== null && !upload.busy && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          You can also choose another photo above and press Retry, or{' '}
          <button
            type="button"
            onClick={finish}
            className="font-semibold text-leaf-800 underline hover:text-leaf-900 dark:text-leaf-50"
          >
            finish without the photo
          </button>
          .
        </p>
      )}
    </form>
  );
}
