import { zodResolver } from '@hookform/resolvers/zod';
import { CARE_LEVELS, DASHBOARD_CATEGORIES, HEALTH_STATUSES } from '@model';
import { startTransition, useActionState, useEffect, useId, useState, type ChangeEvent } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { paths } from '@/config/paths';
import { createPlant } from '@/features/plants/api/create-plant';
import { ApiError } from '@/lib/api-client';
import { OfflineNote } from '@/components/ui/offline-note';
import { useOnline } from '@/lib/app-status';
import { useAuth } from '@/lib/auth';
import { preloadToasts, toast } from '@/lib/toast';
import {
  ADD_ITEM_DEFAULTS,
  AddItemSchema,
  isImageFile,
  PLACEHOLDER_IMAGE_URL,
  type AddItemFormValues,
  type AddItemInput,
} from '../lib/add-item-schema';
import { ImageIcon } from './dashboard-icons';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-fields';
import { FrequencyHintText, SuggestedDateText } from '@/features/watering/components/schedule-hints';
import { useNextDateSuggestion } from '@/features/watering/hooks/use-next-date-suggestion';
import { useToday } from '@/features/watering/hooks/use-today';
import { UploadStatus } from '@/features/photos/components/upload-status';
import { usePhotoUpload } from '@/features/photos/hooks/use-photo-upload';
import { MoreCareFields, type MoreCareFieldsProps } from '@/features/care/components/more-care-fields';
import { CARE_FIELD_NAMES, careInputOf } from '@/features/care/lib/care-form';

export const NOT_LOGGED_IN = 'You must be logged in to add an item.';
export const ADD_FAILED = 'Failed to add item';

const FORM_FIELDS = new Set<string>([...Object.keys(ADD_ITEM_DEFAULTS), ...CARE_FIELD_NAMES]);

/**
 * Dashboard Add Item: validated in the browser with the API's own
 * schema, then POST /mango with the user's token. A chosen picture is then uploaded as the plant's
 * first photo, which the server makes its cover (the plant is created with the placeholder image,
 * which counts as none). When the photo fails the plant is kept, and Retry sends it again.
 */
export function AddItemForm() {
  const online = useOnline();
  const { user } = useAuth();
  const navigate = useNavigate();
  const fileInputId = useId();
  const hintId = useId();
  const today = useToday();
  // A new key gives a fresh, empty file input: the way to clear one without touching the DOM.
  const [fileInputKey, setFileInputKey] = useState(0);
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = usePhotoUpload();
  /** The item created here whose photo did not upload: Retry sends it again, to the same plant. */
  const [saved, setSaved] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    setFocus,
    control,
    formState: { errors, isSubmitted },
  } = useForm<AddItemFormValues, unknown, AddItemInput>({
    resolver: zodResolver(AddItemSchema),
    defaultValues: ADD_ITEM_DEFAULTS,
  });
  // The form has no last-watered field: the schedule starts on the day the plant is added.
  const [frequency, next] = useWatch({ control, name: ['wateringFrequency', 'nextWateringDate'] });
  const schedule = useNextDateSuggestion({
    frequency: frequency as string | undefined,
    lastWatered: today,
    next: next as string | undefined,
    setNext: (value) => setValue('nextWateringDate', value, { shouldDirty: true, shouldValidate: isSubmitted }),
  });

  useEffect(preloadToasts, []);

  const clearFile = () => {
    setFileName(null);
    setFile(null);
    setValue('image', undefined);
    setFileInputKey((key) => key + 1);
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFileError(null);
    if (!file) {
      clearFile();
      return;
    }
    if (!isImageFile(file)) {
      clearFile();
      setFileError(`"${file.name}" is not an image. Please choose an image file.`);
      return;
    }
    setFileName(file.name);
    setFile(file);
    setValue('image', PLACEHOLDER_IMAGE_URL);
  };

  const finish = () => {
    void toast.success('Item added successfully!');
    reset(ADD_ITEM_DEFAULTS);
    clearFile();
    upload.reset();
    setSaved(null);
    navigate(paths.dashboardMyItems);
  };

  // The request, as a React action: `sending` while it is on its way (the button says 'Adding
  // Item...'), and the failure's sentence. The fields lock while sending, not while validating.
  const [failure, add, sending] = useActionState(
    async (_previous: string | null, input: AddItemInput): Promise<string | null> => {
      if (!user) return NOT_LOGGED_IN;
      let insertedId: string;
      try {
        ({ insertedId } = await createPlant({ ...input, care: careInputOf(input.care) }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return NOT_LOGGED_IN;
        for (const [field, message] of Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {})) {
          if (FORM_FIELDS.has(field)) setError(field as FieldPath<AddItemFormValues>, { message });
        }
        return error instanceof ApiError && error.message ? error.message : ADD_FAILED;
      }
      if (file) {
        setSaved(input.plantName);
        // A failure keeps the item and the typed text; the upload's status says why and offers Retry.
        if (!(await upload.upload(insertedId, file))) return null;
      }
      finish();
      return null;
    },
    null,
  );
  const retry = async () => {
    if (await upload.retry(file ?? undefined)) finish();
  };
  const onSubmit = handleSubmit((input) => startTransition(() => add(input)));
  const serverError = sending ? null : failure;

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={sending} className="space-y-6">
      {serverError && <Banner tone="error">{serverError}</Banner>}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Fields marked <span className="text-red-700 dark:text-red-300">*</span> are required.
      </p>
      <fieldset disabled={sending || saved !== null} className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField
          label="Plant Name"
          required
          requiredMark
          autoComplete="off"
          error={errors.plantName?.message}
          {...register('plantName')}
        />
        <SelectField
          label="Category"
          required
          requiredMark
          placeholder="Select a category"
          options={DASHBOARD_CATEGORIES}
          error={errors.category?.message}
          {...register('category')}
        />
        <SelectField
          label="Care Level"
          options={CARE_LEVELS}
          error={errors.careLevel?.message}
          {...register('careLevel')}
        />
        <SelectField
          label="Health Status"
          options={HEALTH_STATUSES}
          error={errors.healthStatus?.message}
          {...register('healthStatus')}
        />
        <TextField
          label="Watering Frequency"
          placeholder="e.g., Every 3 days"
          autoComplete="off"
          describedBy={schedule.hint ? `${hintId}-frequency` : undefined}
          error={errors.wateringFrequency?.message}
          {...register('wateringFrequency')}
        >
          <FrequencyHintText id={`${hintId}-frequency`} hint={schedule.hint} />
        </TextField>
        <TextField
          label="Next Watering Date"
          type="date"
          describedBy={schedule.suggested ? `${hintId}-next` : undefined}
          error={errors.nextWateringDate?.message}
          {...register('nextWateringDate')}
        >
          <SuggestedDateText id={`${hintId}-next`} suggested={schedule.suggested} from="today" />
        </TextField>
        <TextAreaField
          label="Description"
          rows={3}
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
          locked={sending || saved !== null}
        />
      </fieldset>
      <div className="space-y-3">
        <div>
          <label
            htmlFor={fileInputId}
            className="mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-200"
          >
            Image
          </label>
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-slate-400 p-3 dark:border-slate-600">
            <ImageIcon size={24} className="text-slate-600 dark:text-slate-400" />
            <input
              key={fileInputKey}
              id={fileInputId}
              type="file"
              accept="image/*"
              aria-describedby={`${fileInputId}-status ${fileInputId}-hint`}
              aria-invalid={fileError ? true : undefined}
              disabled={sending || upload.busy}
              onChange={onFileChange}
              className="min-w-0 flex-1 text-sm text-slate-800 file:mr-3 file:rounded-lg file:border-0 file:bg-leaf-700 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-leaf-800 dark:text-slate-200"
            />
          </div>
          <p
            id={`${fileInputId}-status`}
            aria-live="polite"
            className="mt-1.5 text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {fileName ? `Selected file: ${fileName}` : 'No file selected.'}
          </p>
          {fileError && <p className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300">{fileError}</p>}
          <p id={`${fileInputId}-hint`} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            The photo becomes the item’s picture. A large photo is made smaller on your device before it is sent.
          </p>
        </div>
        <UploadStatus
          state={upload.state}
          onRetry={() => void retry()}
          failurePrefix={saved ? `${saved} was added, but its photo was not uploaded:` : undefined}
        />
        {saved !== null && !upload.busy && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            You can also choose another photo above and press Retry, or{' '}
            <button
              type="button"
              onClick={finish}
              className="font-semibold text-leaf-800 underline hover:text-leaf-900 dark:text-leaf-50"
            >
              go on without the photo
            </button>
            .
          </p>
        )}
      </div>
      <button
        type="submit"
        hidden={saved !== null}
        disabled={sending || !online}
        className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-leaf-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-leaf-800 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
      >
        {sending && (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent motion-reduce:animate-none"
          />
        )}
        {sending ? 'Adding Item...' : 'Add Item'}
      </button>
      <OfflineNote />
    </form>
  );
}
