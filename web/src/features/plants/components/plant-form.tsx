import { CARE_LEVELS, HEALTH_STATUSES } from '@model';
import { hemisphereOf, seasonalWateringDays } from '@model/seasons';
import { speciesName, type Species } from '@model/species';
import { startTransition, useActionState, useEffect, useId, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { ButtonSpinner, SelectField, submitButtonClass, TextAreaField, TextField } from '@/components/ui/form-fields';
import { OfflineNote } from '@/components/ui/offline-note';
import { useOnline } from '@/lib/app-status';
import { useAuth } from '@/lib/auth';
import { useLanguage } from '@/lib/i18n/i18n';
import { alertDialog, confirmDialog, preloadDialogs } from '@/lib/dialogs';
import { preloadToasts, toast } from '@/lib/toast';
import { useApiError } from '@/lib/use-api-error';
import { MoreCareFields } from '@/features/plants/components/more-care-fields';
import { CARE_FIELD_NAMES } from '@/features/plants/lib/care-form';
import { PhotoPicker } from '@/components/photo-picker';
import { UploadStatus } from '@/components/upload-status';
import { usePhotoUpload } from '@/lib/photos/use-photo-upload';
import { FrequencyHintText, SuggestedDateText } from '@/features/plants/components/schedule-hints';
import { useNextDateSuggestion } from '@/features/plants/hooks/use-next-date-suggestion';
import { useSpeciesChoice } from '@/features/plants/hooks/use-species-choice';
import { usePlaceChoice, type PlaceOption } from '@/features/plants/hooks/use-place-choice';
import { useToday } from '@/lib/use-today';
import type { PlantField, PlantFormInput, PlantFormVariant, SendResult, ShareOption } from '../lib/plant-form-variants';
import { applyServerFieldErrors } from '../lib/server-field-errors';
import {
  SPECIES_FILL_LABELS,
  speciesFill,
  wateringHint,
  type SpeciesFillField,
  type SpeciesFillValues,
} from '../lib/species-fill';
import { ImageFilePicker } from './image-file-picker';
import { PlaceBox } from './place-box';
import { SpeciesCombobox } from './species-combobox';

const NO_PHOTO = 'Choose a photo to upload, or paste a link instead.';

/** The browser's time zone, for a species' summer or winter watering (its hemisphere, its equinoxes' days). */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

let fieldList: Intl.ListFormat | undefined;
const listFields = (items: string[]) =>
  (fieldList ??= new Intl.ListFormat('en', { type: 'conjunction' })).format(items);

/** What the form says after a send: a failure's sentence, or a notice that is not an error. */
interface Said {
  failure?: string | null;
  notice?: string;
}

/**
 * The plant form of Add Plant, the dashboard's Add Item and Update Plant (`variant` says which):
 * checked in the browser with the schema the server enforces again, then sent. A picture is
 * uploaded as the new plant's first photo; a plant whose photo failed is kept, and Retry sends the
 * photo again to it (never a second plant). A failure shows the server's sentence, with every
 * typed value kept. A species chosen in the species box fills in its care and is sent as `speciesId`;
 * the Place box's place (`place`: offered when the page has the reader's places) as `placeId`, a
 * new place made first.
 */
export function PlantForm<Out>({
  variant,
  share,
  place,
}: {
  variant: PlantFormVariant<Out>;
  share?: ShareOption | null;
  place?: PlaceOption | null;
}) {
  const online = useOnline();
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const handleApiError = useApiError();
  const today = useToday();
  const healthListId = useId();
  const hintId = useId();
  const upload = usePhotoUpload();
  const [source, setSource] = useState<'upload' | 'link'>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  /** The name of the plant created here whose photo did not upload (Retry sends it to that plant). */
  const [saved, setSaved] = useState<string | null>(null);
  const [shared, setShared] = useState(share?.shared ?? false);
  const species = useSpeciesChoice(variant.speciesId);
  const language = useLanguage();
  const placeChoice = usePlaceChoice(place);
  const linked = variant.picture === 'photo-or-link' && source === 'link';
  const photo = variant.picture === 'none' || linked ? null : file;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    setValue,
    getValues,
    control,
    formState: { errors, isSubmitted },
  } = useForm<PlantFormInput, unknown, Out>({
    defaultValues: variant.defaults,
    resolver: linked && variant.linkResolver ? variant.linkResolver : variant.resolver,
  });
  const [frequency, lastWatered, next, care] = useWatch({
    control,
    name: ['wateringFrequency', 'lastWateredDate', 'nextWateringDate', 'care'],
  });
  const schedule = useNextDateSuggestion({
    frequency,
    lastWatered: variant.lastWatered ? lastWatered : today,
    next,
    setNext: (value) => setValue('nextWateringDate', value, { shouldDirty: true, shouldValidate: isSubmitted }),
  });
  const toastText = variant.success.toast;

  useEffect(() => {
    if (toastText) preloadToasts();
    else preloadDialogs();
  }, [toastText]);

  const shown: PlantField[] = [
    'plantName',
    'category',
    'careLevel',
    'wateringFrequency',
    'healthStatus',
    ...(variant.lastWatered ? (['lastWateredDate'] as const) : []),
    'nextWateringDate',
    'description',
    ...(linked ? (['image'] as const) : []),
  ];
  const serverFields = [...shown, ...(variant.moreCare ? CARE_FIELD_NAMES : [])];
  const need = (name: PlantField) => {
    const required = variant.required.includes(name);
    return { required, requiredMark: required && variant.requiredMark };
  };

  // Staying on the page, the form and its button start over as the alert shows, not when it is
  // closed (the alert is not awaited, so the submission ends here); closing it brings the user back
  // to the first field. Leaving it, the alert is read first.
  const finish = async () => {
    const { alert, to, replace } = variant.success;
    setSaved(null);
    setFile(null);
    setPickerKey((key) => key + 1);
    upload.reset();
    if (toastText) void toast.success(toastText);
    const dialog = alert && alertDialog({ icon: 'success', ...alert }).catch(() => undefined);
    if (!to) {
      reset(variant.defaults);
      setShared(share?.shared ?? false);
      species.clear();
      placeChoice.reset();
      void dialog?.then(() => setFocus('plantName'));
      return;
    }
    await dialog;
    navigate(to(location.state), { replace });
  };

  // The request, as a React action: `sending` while it is on its way (and until a leaving alert is
  // closed), then what to say. The form locks its fields while sending, not while validating: a
  // disabled fieldset takes no focus, and react-hook-form moves focus to the first invalid field.
  const [said, send, sending] = useActionState(async (_previous: Said, values: Out): Promise<Said> => {
    if (variant.signedOutMessage && !user) return { failure: variant.signedOutMessage };
    let placeId: string | null | undefined;
    try {
      placeId = await placeChoice.resolve();
    } catch (error) {
      const refused = place?.failure(error, placeChoice.name);
      if (refused) placeChoice.refuse(refused);
      return { failure: refused ?? variant.failure(error, handleApiError) };
    }
    let result: SendResult;
    try {
      result = await variant.send(values, photo, {
        shared: share ? shared : undefined,
        speciesId: species.id,
        placeId,
      });
    } catch (error) {
      applyServerFieldErrors(error, serverFields, setError);
      return { failure: variant.failure(error, handleApiError) };
    }
    if (!('savedId' in result)) return result;
    if (photo) {
      setSaved(getValues('plantName').trim());
      // A failure keeps the plant and the typed text; the upload's status says why and offers Retry.
      if (!(await upload.upload(result.savedId, photo))) return {};
    }
    await finish();
    return {};
  }, {});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const needsPhoto = variant.picture === 'photo-or-link' && !linked && !file;
    if (needsPhoto) setFileError(NO_PHOTO);
    const placeReady = placeChoice.check();
    return handleSubmit((values) => {
      // The fields are right (react-hook-form focuses the first wrong one otherwise): a new place's may not be.
      if (!placeReady) placeChoice.focus();
      else if (!needsPhoto) startTransition(() => send(values));
    })(event);
  };

  // A species fills the empty fields at once, and asks once before replacing what the user put in
  // the others: choosing one never overwrites without asking.
  const chooseSpecies = async (picked: Species) => {
    species.choose(picked);
    const presets = Object.fromEntries(
      (variant.presetFields ?? []).map((field) => [field, variant.defaults[field]]),
    ) as SpeciesFillValues;
    const { fill, replace, conflicts } = speciesFill({
      values: getValues(),
      categories: variant.categories,
      species: picked,
      today,
      hemisphere: hemisphereOf(browserZone()),
      timeZone: browserZone(),
      moreCare: variant.moreCare,
      presets,
    });
    const put = (values: SpeciesFillValues) => {
      for (const [field, value] of Object.entries(values) as [SpeciesFillField, string][])
        setValue(field, value, { shouldDirty: true, shouldValidate: isSubmitted });
    };
    put(fill);
    if (conflicts.length === 0) return;
    const changes = conflicts.map((field) => `${SPECIES_FILL_LABELS[field]} (${replace[field]})`);
    const agreed = await confirmDialog({
      title: 'Replace what you typed?',
      text: `${speciesName(picked, language)} suggests other values for ${listFields(changes)}.`,
      confirmText: 'Replace',
      icon: 'question',
    }).catch(() => false);
    if (agreed) put(replace);
  };
  const speciesHint = species.species
    ? wateringHint(seasonalWateringDays(species.species.watering, today, hemisphereOf(browserZone()), browserZone()))
    : undefined;

  const retry = async () => {
    if (await upload.retry(file ?? undefined)) await finish();
  };
  const choose = (chosen: File | null) => {
    setFileError(null);
    setFile(chosen);
  };
  const locked = sending || saved !== null;
  const failure = sending ? null : said.failure;
  const notice = sending ? null : said.notice;

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={sending} className="space-y-6">
      {failure && <Banner tone="error">{failure}</Banner>}
      {notice && (
        <p
          role="status"
          className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm font-medium text-slate-800 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
        >
          {notice}
        </p>
      )}
      {variant.requiredMark && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Fields marked <span className="text-red-700 dark:text-red-300">*</span> are required.
        </p>
      )}
      <fieldset disabled={locked} className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <legend className="sr-only">Plant details</legend>
        <SpeciesCombobox
          chosen={species.species}
          pending={species.pending}
          onChoose={(picked) => void chooseSpecies(picked)}
          onClear={species.clear}
          hint={speciesHint}
          className="sm:col-span-2"
        />
        <TextField
          label="Plant Name"
          autoComplete="off"
          {...need('plantName')}
          // Eight fields: the name takes the first row, so the pairs below line up.
          className={variant.lastWatered ? 'sm:col-span-2' : undefined}
          error={errors.plantName?.message}
          {...register('plantName')}
        />
        <SelectField
          label="Category"
          placeholder={variant.categoryPlaceholder}
          options={variant.categories}
          {...need('category')}
          error={errors.category?.message}
          {...register('category')}
        />
        <SelectField
          label="Care Level"
          placeholder={variant.careLevelPlaceholder}
          options={CARE_LEVELS}
          {...need('careLevel')}
          error={errors.careLevel?.message}
          {...register('careLevel')}
        />
        <TextField
          label="Watering Frequency"
          placeholder="e.g., Every 3 days"
          autoComplete="off"
          {...need('wateringFrequency')}
          describedBy={schedule.hint ? `${hintId}-frequency` : undefined}
          error={errors.wateringFrequency?.message}
          {...register('wateringFrequency')}
        >
          <FrequencyHintText id={`${hintId}-frequency`} hint={schedule.hint} />
        </TextField>
        {variant.healthStatus === 'select' ? (
          <SelectField
            label="Health Status"
            options={HEALTH_STATUSES}
            {...need('healthStatus')}
            error={errors.healthStatus?.message}
            {...register('healthStatus')}
          />
        ) : (
          <TextField
            label="Health Status"
            placeholder="e.g., Healthy"
            autoComplete="off"
            list={healthListId}
            {...need('healthStatus')}
            error={errors.healthStatus?.message}
            {...register('healthStatus')}
          >
            <datalist id={healthListId}>
              {HEALTH_STATUSES.map((status) => (
                <option key={status} value={status} />
              ))}
            </datalist>
          </TextField>
        )}
        {variant.lastWatered && (
          <TextField
            label="Last Watered Date"
            type="date"
            {...need('lastWateredDate')}
            error={errors.lastWateredDate?.message}
            {...register('lastWateredDate')}
          />
        )}
        <TextField
          label="Next Watering Date"
          type="date"
          {...need('nextWateringDate')}
          describedBy={schedule.suggested ? `${hintId}-next` : undefined}
          error={errors.nextWateringDate?.message}
          {...register('nextWateringDate')}
        >
          <SuggestedDateText
            id={`${hintId}-next`}
            suggested={schedule.suggested}
            from={variant.lastWatered ? 'last watering' : 'today'}
          />
        </TextField>
        <TextAreaField
          label="Description"
          rows={variant.descriptionRows}
          {...need('description')}
          className="sm:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
        {variant.moreCare && (
          <MoreCareFields
            values={care}
            register={register}
            setValue={setValue}
            setFocus={setFocus}
            errors={errors}
            isSubmitted={isSubmitted}
            current={variant.currentCare}
            otherErrors={Object.keys(errors).some((name) => name !== 'care')}
            locked={locked}
          />
        )}
        <PlaceBox place={placeChoice} className="sm:col-span-2" />
        {share && (
          <label className="inline-flex items-start gap-2 text-sm font-medium break-words text-slate-800 sm:col-span-2 dark:text-slate-200">
            <input
              type="checkbox"
              checked={shared}
              onChange={(event) => setShared(event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-leaf-700"
            />
            <span className="min-w-0">Share with {share.householdName}</span>
          </label>
        )}
      </fieldset>
      {variant.picture !== 'none' && (
        <div className="flex flex-col gap-3">
          {variant.picture === 'image-file' ? (
            <ImageFilePicker label="Image" resetKey={pickerKey} disabled={sending || upload.busy} onChange={choose} />
          ) : (
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
              {linked ? (
                <TextField
                  label="Image URL"
                  type="url"
                  inputMode="url"
                  placeholder="https://example.com/plant.jpg"
                  {...need('image')}
                  disabled={locked}
                  error={errors.image?.message}
                  {...register('image')}
                />
              ) : (
                <PhotoPicker label="Photo" resetKey={pickerKey} error={fileError} onChange={choose} />
              )}
            </fieldset>
          )}
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
                onClick={() => void finish()}
                className="font-semibold text-leaf-800 underline hover:text-leaf-900 dark:text-leaf-50"
              >
                {variant.skipPhotoText}
              </button>
              .
            </p>
          )}
        </div>
      )}
      {saved === null && (
        <div>
          <button type="submit" disabled={!online || sending} className={submitButtonClass}>
            {sending && <ButtonSpinner />}
            {sending ? variant.submit.busy : variant.submit.idle}
          </button>
          <OfflineNote />
        </div>
      )}
    </form>
  );
}
