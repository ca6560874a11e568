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
import { alertDialog, confirmDialog, preloadDialogs } from '@/lib/dialogs';
import { formatLocale, translate, useLanguage, useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
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
import { careLevelWord, healthWord } from '@/lib/plant-status-words';
import { categoryWord, fieldLabels, optionsOf } from '../lib/plant-words';
import {
  speciesFill,
  speciesFillLabel,
  wateringHint,
  type SpeciesFillField,
  type SpeciesFillValues,
} from '../lib/species-fill';
import { fillSlots, slot } from '@/lib/i18n/fill-slots';
import { ImageFilePicker } from './image-file-picker';
import { PlaceBox } from './place-box';
import { SpeciesCombobox } from './species-combobox';

const messages = defineMessages({
  noPhoto: { id: 'plants.form.noPhoto', message: 'Choose a photo to upload, or paste a link instead.' },
  replaceTitle: { id: 'plants.form.replace.title', message: 'Replace what you typed?' },
  replaceText: { id: 'plants.form.replace.text', message: '{species} suggests other values for {fields}.' },
  replaceField: { id: 'plants.form.replace.field', message: '{field} ({value})' },
  replace: { id: 'plants.form.replace.confirm', message: 'Replace' },
  requiredNote: { id: 'plants.form.requiredNote', message: 'Fields marked {mark} are required.' },
  plantDetails: { id: 'plants.form.plantDetails', message: 'Plant details' },
  // The example is what the schedule parser reads, which is English in every language.
  frequencyExample: { id: 'plants.form.frequencyExample', message: 'e.g., Every 3 days' },
  healthExample: { id: 'plants.form.healthExample', message: 'e.g., Healthy' },
  shareWith: { id: 'plants.form.shareWith', message: 'Share with {household}' },
  picture: { id: 'plants.form.picture', message: 'Picture' },
  uploadPhoto: { id: 'plants.form.uploadPhoto', message: 'Upload a photo' },
  pasteLink: { id: 'plants.form.pasteLink', message: 'Paste a link' },
  imageUrl: { id: 'plants.form.imageUrl', message: 'Image URL' },
  photo: { id: 'plants.form.photo', message: 'Photo' },
  photoNotUploaded: {
    id: 'plants.form.photoNotUploaded',
    message: '{name} was added, but its photo was not uploaded:',
  },
  anotherPhoto: {
    id: 'plants.form.anotherPhoto',
    message: 'You can also choose another photo above and press Retry, or {skip}.',
  },
});

/** The browser's time zone, for a species' summer or winter watering (its hemisphere, its equinoxes' days). */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Category (succulent), Care Level (easy) and ...", in the app's language: one list format per locale. */
const fieldLists = new Map<string | undefined, Intl.ListFormat>();
function listFields(items: string[]): string {
  const locale = formatLocale();
  let list = fieldLists.get(locale);
  if (!list) fieldLists.set(locale, (list = new Intl.ListFormat(locale, { type: 'conjunction' })));
  return list.format(items);
}

/** A value a species puts in a field, as the question before replacing shows it. */
const shownValue = (field: SpeciesFillField, value: string) =>
  field === 'category' ? categoryWord(value) : field === 'careLevel' ? careLevelWord(value, translate) : value;

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
  const t = useT();
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
    if (toastText) void toast.success(translate(toastText));
    const dialog =
      alert &&
      alertDialog({ icon: 'success', title: translate(alert.title), text: translate(alert.text) }).catch(
        () => undefined,
      );
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
    if (variant.signedOutMessage && !user) return { failure: translate(variant.signedOutMessage) };
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
    if (needsPhoto) setFileError(t(messages.noPhoto));
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
      t,
    });
    const put = (values: SpeciesFillValues) => {
      for (const [field, value] of Object.entries(values) as [SpeciesFillField, string][])
        setValue(field, value, { shouldDirty: true, shouldValidate: isSubmitted });
    };
    put(fill);
    if (conflicts.length === 0) return;
    const changes = conflicts.map((field) =>
      translate(messages.replaceField, { field: speciesFillLabel(field), value: shownValue(field, replace[field]!) }),
    );
    const agreed = await confirmDialog({
      title: translate(messages.replaceTitle),
      text: translate(messages.replaceText, { species: speciesName(picked, language), fields: listFields(changes) }),
      confirmText: translate(messages.replace),
      icon: 'question',
    }).catch(() => false);
    if (agreed) put(replace);
  };
  const speciesHint = species.species
    ? wateringHint(seasonalWateringDays(species.species.watering, today, hemisphereOf(browserZone()), browserZone()), t)
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
          {fillSlots(t(messages.requiredNote, { mark: slot(0) }), [
            <span key="mark" className="text-red-700 dark:text-red-300">
              *
            </span>,
          ])}
        </p>
      )}
      <fieldset disabled={locked} className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <legend className="sr-only">{t(messages.plantDetails)}</legend>
        <SpeciesCombobox
          chosen={species.species}
          pending={species.pending}
          onChoose={(picked) => void chooseSpecies(picked)}
          onClear={species.clear}
          hint={speciesHint}
          className="sm:col-span-2"
        />
        <TextField
          label={t(fieldLabels.plantName)}
          autoComplete="off"
          {...need('plantName')}
          // Eight fields: the name takes the first row, so the pairs below line up.
          className={variant.lastWatered ? 'sm:col-span-2' : undefined}
          error={errors.plantName?.message}
          {...register('plantName')}
        />
        <SelectField
          label={t(fieldLabels.category)}
          placeholder={variant.categoryPlaceholder && t(variant.categoryPlaceholder)}
          options={optionsOf(variant.categories, categoryWord, t)}
          {...need('category')}
          error={errors.category?.message}
          {...register('category')}
        />
        <SelectField
          label={t(fieldLabels.careLevel)}
          placeholder={variant.careLevelPlaceholder && t(variant.careLevelPlaceholder)}
          options={optionsOf(CARE_LEVELS, careLevelWord, t)}
          {...need('careLevel')}
          error={errors.careLevel?.message}
          {...register('careLevel')}
        />
        <TextField
          label={t(fieldLabels.wateringFrequency)}
          placeholder={t(messages.frequencyExample)}
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
            label={t(fieldLabels.healthStatus)}
            options={optionsOf(HEALTH_STATUSES, healthWord, t)}
            {...need('healthStatus')}
            error={errors.healthStatus?.message}
            {...register('healthStatus')}
          />
        ) : (
          <TextField
            label={t(fieldLabels.healthStatus)}
            placeholder={t(messages.healthExample)}
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
            label={t(fieldLabels.lastWateredDate)}
            type="date"
            {...need('lastWateredDate')}
            error={errors.lastWateredDate?.message}
            {...register('lastWateredDate')}
          />
        )}
        <TextField
          label={t(fieldLabels.nextWateringDate)}
          type="date"
          {...need('nextWateringDate')}
          describedBy={schedule.suggested ? `${hintId}-next` : undefined}
          error={errors.nextWateringDate?.message}
          {...register('nextWateringDate')}
        >
          <SuggestedDateText
            id={`${hintId}-next`}
            suggested={schedule.suggested}
            from={variant.lastWatered ? 'water' : 'today'}
          />
        </TextField>
        <TextAreaField
          label={t(fieldLabels.description)}
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
            <span className="min-w-0">{t(messages.shareWith, { household: share.householdName })}</span>
          </label>
        )}
      </fieldset>
      {variant.picture !== 'none' && (
        <div className="flex flex-col gap-3">
          {variant.picture === 'image-file' ? (
            <ImageFilePicker
              label={t(fieldLabels.image)}
              resetKey={pickerKey}
              disabled={sending || upload.busy}
              onChange={choose}
            />
          ) : (
            <fieldset disabled={sending || upload.busy} className="flex flex-col gap-3">
              <legend className="mb-1.5 text-sm font-semibold text-slate-800 dark:text-slate-200">
                {t(messages.picture)}
              </legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                {(
                  [
                    ['upload', messages.uploadPhoto],
                    ['link', messages.pasteLink],
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
                    {t(label)}
                  </label>
                ))}
              </div>
              {linked ? (
                <TextField
                  label={t(messages.imageUrl)}
                  type="url"
                  inputMode="url"
                  placeholder="https://example.com/plant.jpg"
                  {...need('image')}
                  disabled={locked}
                  error={errors.image?.message}
                  {...register('image')}
                />
              ) : (
                <PhotoPicker label={t(messages.photo)} resetKey={pickerKey} error={fileError} onChange={choose} />
              )}
            </fieldset>
          )}
          <UploadStatus
            state={upload.state}
            onRetry={() => void retry()}
            failurePrefix={saved ? t(messages.photoNotUploaded, { name: saved }) : undefined}
          />
          {saved !== null && !upload.busy && (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {fillSlots(t(messages.anotherPhoto, { skip: slot(0) }), [
                <button
                  key="skip"
                  type="button"
                  onClick={() => void finish()}
                  className="font-semibold text-leaf-800 underline hover:text-leaf-900 dark:text-leaf-50"
                >
                  {variant.skipPhotoText && t(variant.skipPhotoText)}
                </button>,
              ])}
            </p>
          )}
        </div>
      )}
      {saved === null && (
        <div>
          <button type="submit" disabled={!online || sending} className={submitButtonClass}>
            {sending && <ButtonSpinner />}
            {t(sending ? variant.submit.busy : variant.submit.idle)}
          </button>
          <OfflineNote />
        </div>
      )}
    </form>
  );
}
