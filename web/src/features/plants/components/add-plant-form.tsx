import { AddPlantFormSchema, CARE_LEVELS, HEALTH_STATUSES, PLANT_FORM_CATEGORIES, type AddPlantFormValues } from '@model';
import { startTransition, useActionState, useEffect, useId } from 'react';
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

/** What the inputs hold: text, until the shared schema has checked and trimmed it. */
export type AddPlantFormInput = { [K in keyof AddPlantFormValues]: string };

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
};

const FIELDS = Object.keys(EMPTY) as (keyof AddPlantFormInput)[];

/**
 * Add Plant: the nine fields, all required, checked in the browser with the
 * schema the server enforces again. On insertedId: a fresh form under 'Success!'; on failure the
 * server's sentence, with every typed value kept.
 */
export function AddPlantForm() {
  const online = useOnline();
  const handleApiError = useApiError();
  const healthListId = useId();
  const hintId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    setValue,
    control,
    formState: { errors, isSubmitted },
  } = useForm<AddPlantFormInput, unknown, AddPlantFormValues>({
    defaultValues: EMPTY,
    resolver: formResolver<AddPlantFormInput, typeof AddPlantFormSchema>(AddPlantFormSchema),
  });
  const [frequency, lastWatered, next] = useWatch({ control, name: ['wateringFrequency', 'lastWateredDate', 'nextWateringDate'] });
  const schedule = useNextDateSuggestion({
    frequency,
    lastWatered,
    next,
    setNext: (value) => setValue('nextWateringDate', value, { shouldDirty: true, shouldValidate: isSubmitted }),
  });

  useEffect(preloadDialogs, []);

  // The request, as a React action: `sending` while it is on its way, and the failure's sentence
  // (null after a success). The form locks its fields while sending, not while validating: a
  // disabled fieldset takes no focus, and react-hook-form moves focus to the first invalid field.
  const [failure, add, sending] = useActionState(async (_previous: string | null, values: AddPlantFormValues): Promise<string | null> => {
    let insertedId: string | undefined;
    try {
      ({ insertedId } = await createPlant(values));
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      return handleApiError(error, 'The plant could not be added. Please try again.');
    }
    if (!insertedId) return 'The server did not confirm the new plant. Please check My Plants before trying again.';
    // The plant is saved: the form and its button start over as the alert shows (the alert and
    // the reset come together), not when it is closed; the alert is not awaited, so the
    // submission ends here. Closing it brings the user back to the first field.
    reset(EMPTY);
    void alertDialog({ icon: 'success', title: 'Success!', text: 'Plant added successfully!' })
      .catch(() => undefined)
      .then(() => setFocus('plantName'));
    return null;
  }, null);
  const onSubmit = handleSubmit((values) => startTransition(() => add(values)));

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={sending} className="space-y-6">
      {failure && !sending && <Banner tone="error">{failure}</Banner>}
      <fieldset disabled={sending} className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <legend className="sr-only">Plant details</legend>
        <TextField label="Plant Name" autoComplete="off" required error={errors.plantName?.message} {...register('plantName')} />
        <TextField
          label="Image URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/plant.jpg"
          required
          error={errors.image?.message}
          {...register('image')}
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
        <TextField label="Last Watered Date" type="date" required error={errors.lastWateredDate?.message} {...register('lastWateredDate')} />
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
        <TextAreaField label="Description" rows={4} required className="sm:col-span-2" error={errors.description?.message} {...register('description')} />
        <div className="sm:col-span-2">
          <button type="submit" disabled={!online} className={submitButtonClass}>
            {sending && <ButtonSpinner />}
            {sending ? 'Adding Plant...' : 'Add Plant'}
          </button>
          <OfflineNote />
        </div>
      </fieldset>
    </form>
  );
}
