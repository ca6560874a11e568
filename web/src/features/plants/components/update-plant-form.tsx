import {
  CARE_LEVELS,
  HEALTH_STATUSES,
  PLANT_FORM_CATEGORIES,
  UpdatePlantRequestSchema,
  type Plant,
  type UpdatePlantInput,
  type UpdatePlantRequest,
} from '@model';
import type { CareSchedules } from '@model/care-tasks';
import { startTransition, useActionState, useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { TextField } from '@/components/ui/form-fields';
import { ApiError } from '@/lib/api-client';
import { alertDialog, preloadDialogs } from '@/lib/dialogs';
import { OfflineNote } from '@/components/ui/offline-note';
import { useOnline } from '@/lib/app-status';
import { useApiError } from '@/lib/use-api-error';
import { updatePlant } from '../api/update-plant';
import { formResolver } from '../lib/form-resolver';
import { returnPath } from '../lib/return-path';
import { applyServerFieldErrors } from '../lib/server-field-errors';
import { ButtonSpinner, SelectField, submitButtonClass, TextAreaField } from '@/components/ui/form-fields';
import { FrequencyHintText, SuggestedDateText } from '@/features/watering/components/schedule-hints';
import { useNextDateSuggestion } from '@/features/watering/hooks/use-next-date-suggestion';
import { MoreCareFields, type MoreCareFieldsProps } from '@/features/care/components/more-care-fields';
import { CARE_FIELD_NAMES, careFormValues, careInputOf, type CareFormValues } from '@/features/care/lib/care-form';

export type UpdatePlantFormInput = { [K in keyof UpdatePlantInput]-?: string } & { care: CareFormValues };

const FIELDS = [
  'plantName',
  'category',
  'careLevel',
  'wateringFrequency',
  'healthStatus',
  'lastWateredDate',
  'nextWateringDate',
  'description',
  ...CARE_FIELD_NAMES,
] as const;

export const UNCHANGED_MESSAGE = 'Nothing to save: the plant already has these values.';

export function formValuesOf(plant: Plant, care?: CareSchedules): UpdatePlantFormInput {
  return {
    plantName: plant.plantName,
    category: plant.category,
    careLevel: plant.careLevel,
    wateringFrequency: plant.wateringFrequency ?? '',
    healthStatus: plant.healthStatus,
    lastWateredDate: plant.lastWateredDate ?? '',
    nextWateringDate: plant.nextWateringDate ?? '',
    description: plant.description ?? '',
    care: careFormValues(care),
  };
}

/**
 * Update Plant: the eight fields prefilled from the loaded plant, and under More care its care
 * schedules (`care`: the owner's view of them; without it More care is left out and the schedules
 * are left as they are). After a change is stored: 'Updated!' and back to where the user came
 * from (or My Plants). The server decides who may change the plant; a 403 says so in the error alert.
 */
export function UpdatePlantForm({ plant, care }: { plant: Plant; care?: CareSchedules }) {
  const online = useOnline();
  const navigate = useNavigate();
  const location = useLocation();
  const handleApiError = useApiError();
  const healthListId = useId();
  const hintId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    control,
    formState: { errors, isSubmitted },
  } = useForm<UpdatePlantFormInput, unknown, UpdatePlantRequest>({
    defaultValues: formValuesOf(plant, care),
    resolver: formResolver<UpdatePlantFormInput, typeof UpdatePlantRequestSchema>(UpdatePlantRequestSchema),
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

  // A plant added on the dashboard can have a category this form does not offer; keep it.
  const categories: readonly string[] = (PLANT_FORM_CATEGORIES as readonly string[]).includes(plant.category)
    ? PLANT_FORM_CATEGORIES
    : [...PLANT_FORM_CATEGORIES, plant.category];

  // The request, as a React action: `sending` from the click to the 'Updated!' alert, and what to
  // say after it (a failure, or that nothing changed). The fields lock while sending, not while
  // validating (react-hook-form moves focus to the first invalid field then).
  const [said, save, sending] = useActionState(
    async (_previous: { failure?: string | null; notice?: string }, values: UpdatePlantRequest) => {
      let modifiedCount: number;
      try {
        ({ modifiedCount } = await updatePlant(plant._id, {
          ...values,
          care: care ? careInputOf(values.care, care) : undefined,
        }));
      } catch (error) {
        applyServerFieldErrors(error, FIELDS, setError);
        return {
          failure:
            error instanceof ApiError && error.status === 404
              ? 'Plant not found. It may have been deleted in the meantime.'
              : handleApiError(error, 'The plant could not be updated. Please try again.'),
        };
      }
      if (!(modifiedCount > 0)) return { notice: UNCHANGED_MESSAGE };
      await alertDialog({ icon: 'success', title: 'Updated!', text: 'Plant updated successfully!' }).catch(
        () => undefined,
      );
      navigate(returnPath(location.state), { replace: true });
      return {};
    },
    {},
  );
  const onSubmit = handleSubmit((values) => startTransition(() => save(values)));
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
      <fieldset disabled={sending} className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <legend className="sr-only">Plant details</legend>
        <TextField
          label="Plant Name"
          autoComplete="off"
          required
          error={errors.plantName?.message}
          className="sm:col-span-2"
          {...register('plantName')}
        />
        <SelectField
          label="Category"
          options={categories}
          required
          error={errors.category?.message}
          {...register('category')}
        />
        <SelectField
          label="Care Level"
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
          className="sm:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
        {care && (
          <MoreCareFields
            {...({ control, register, setValue, setFocus } as unknown as Pick<
              MoreCareFieldsProps,
              'control' | 'register' | 'setValue' | 'setFocus'
            >)}
            errors={errors}
            isSubmitted={isSubmitted}
            current={care}
            otherErrors={Object.keys(errors).some((name) => name !== 'care')}
            locked={sending}
          />
        )}
        <div className="sm:col-span-2">
          <button type="submit" disabled={!online} className={submitButtonClass}>
            {sending && <ButtonSpinner />}
            {sending ? 'Updating Plant...' : 'Update Plant'}
          </button>
          <OfflineNote />
        </div>
      </fieldset>
    </form>
  );
}
