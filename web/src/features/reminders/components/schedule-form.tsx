import {
  inQuietHours,
  UpdateReminderSettingsInputSchema,
  type ReminderSettings,
  type UpdateReminderSettingsInput,
} from '@model/reminders';
import { hemisphereOf } from '@model/seasons';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { ButtonSpinner, SelectField, TextField } from '@/components/ui/form-fields';
import { ApiError } from '@/lib/api-client';
import { browserTimeZone, timeZoneChoices, zoneLabel } from '../lib/time-zones';
import { cardClass, failureClass, headingClass, primaryClass, useSaveSettings } from '../lib/reminders-ui';

/** What the form holds: text, as its inputs do, and whether there are quiet hours. */
export interface ScheduleValues {
  time: string;
  timeZone: string;
  /** '' for the time zone's. */
  hemisphere: '' | 'north' | 'south';
  quiet: boolean;
  quietFrom: string;
  quietTo: string;
}

const HEMISPHERE_NAMES = { north: 'Northern hemisphere', south: 'Southern hemisphere' } as const;

/** Quiet hours offered when there are none yet: the night. */
const NIGHT = { from: '22:00', to: '07:00' };

const valuesOf = (settings: ReminderSettings): ScheduleValues => ({
  time: settings.time,
  timeZone: settings.timeZone,
  hemisphere: settings.hemisphereSet ? settings.hemisphere : '',
  quiet: settings.quietHours !== null,
  quietFrom: settings.quietHours?.from ?? NIGHT.from,
  quietTo: settings.quietHours?.to ?? NIGHT.to,
});

const inputOf = (values: ScheduleValues): UpdateReminderSettingsInput => ({
  time: values.time,
  timeZone: values.timeZone,
  hemisphere: values.hemisphere || null,
  quietHours: values.quiet ? { from: values.quietFrom, to: values.quietTo } : null,
});

/** The form's field for a field the model or the API names ('quietHours.from', 'quietHours'). */
function fieldOf(path: readonly PropertyKey[]): keyof ScheduleValues {
  const [first, second] = path;
  if (first === 'time' || first === 'timeZone' || first === 'hemisphere') return first;
  return second === 'from' ? 'quietFrom' : 'quietTo';
}

/**
 * The model's schema decides (the server checks again with the same one), and the model's rule of
 * quiet hours: a digest time inside them is refused here with the server's sentence.
 */
const resolver: Resolver<ScheduleValues, unknown, UpdateReminderSettingsInput> = async (values) => {
  const parsed = UpdateReminderSettingsInputSchema.safeParse(inputOf(values));
  const errors: FieldErrors<ScheduleValues> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      errors[fieldOf(issue.path)] ??= { type: issue.code, message: issue.message };
  } else if (parsed.data.quietHours && parsed.data.time && inQuietHours(parsed.data.time, parsed.data.quietHours)) {
    const { from, to } = parsed.data.quietHours;
    errors.time = {
      type: 'quiet',
      message: `The digest's time, ${parsed.data.time}, is inside your quiet hours (${from} to ${to}). Choose a time outside them, or change the quiet hours.`,
    };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: parsed.data!, errors: {} };
};

/**
 * When the digest comes: its time of day, the time zone it is read in (the platform's zones, this
 * browser's among them), and quiet hours, when nothing is sent. Saved together.
 */
export function ScheduleForm({ settings }: { settings: ReminderSettings }) {
  const headingId = useId();
  const seasonsHintId = useId();
  const save = useSaveSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const zones = useMemo(() => timeZoneChoices([settings.timeZone, browserTimeZone()]), [settings.timeZone]);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ScheduleValues, unknown, UpdateReminderSettingsInput>({ resolver, defaultValues: valuesOf(settings) });
  const quiet = useWatch({ control, name: 'quiet' });
  const zone = useWatch({ control, name: 'timeZone' });

  // What the server stores is what the form starts from again (a save, a zone this browser set),
  // but a change of another setting leaves what is being typed here alone.
  const stored = JSON.stringify(valuesOf(settings));
  useEffect(() => reset(JSON.parse(stored) as ScheduleValues), [stored, reset]);

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    setSaved(false);
    const failed = await save(input, 'Your reminder times could not be saved. Please try again.');
    if (!failed) return setSaved(true);
    const fields = failed.error instanceof ApiError ? Object.entries(failed.error.fields ?? {}) : [];
    if (fields.length === 0) return setFailure(failed.message);
    for (const [field, message] of fields) setError(fieldOf(field.split('.')), { type: 'server', message });
  });

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={headingClass}>
        When
      </h2>
      <form onSubmit={onSubmit} noValidate aria-busy={isSubmitting} className="mt-4 space-y-4">
        <fieldset disabled={isSubmitting} className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Digest time"
            type="time"
            required
            error={errors.time?.message}
            {...register('time', { onChange: () => setSaved(false) })}
          />
          <SelectField
            label="Time zone"
            required
            options={zones.map((zone) => ({ value: zone, label: zoneLabel(zone) }))}
            error={errors.timeZone?.message}
            {...register('timeZone', { onChange: () => setSaved(false) })}
          />
          <div>
            <SelectField
              label="Seasons"
              describedBy={seasonsHintId}
              options={[
                { value: '', label: `This time zone's (${HEMISPHERE_NAMES[hemisphereOf(zone)].toLowerCase()})` },
                { value: 'north', label: HEMISPHERE_NAMES.north },
                { value: 'south', label: HEMISPHERE_NAMES.south },
              ]}
              error={errors.hemisphere?.message}
              {...register('hemisphere', { onChange: () => setSaved(false) })}
            />
            <p id={seasonsHintId} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              For plants that follow their species: summer runs from this hemisphere&apos;s spring equinox.
            </p>
          </div>
          <div className="sm:col-span-2">
            <label className="inline-flex items-center gap-2 font-semibold text-slate-800 dark:text-slate-200">
              <input
                type="checkbox"
                className="size-4 accent-leaf-700"
                {...register('quiet', { onChange: () => setSaved(false) })}
              />
              Quiet hours
            </label>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              Nothing is sent between these times; the digest's time must be outside them.
            </p>
          </div>
          {quiet && (
            <>
              <TextField
                label="Quiet from"
                type="time"
                required
                error={errors.quietFrom?.message}
                {...register('quietFrom', { onChange: () => setSaved(false) })}
              />
              <TextField
                label="Quiet until"
                type="time"
                required
                error={errors.quietTo?.message}
                {...register('quietTo', { onChange: () => setSaved(false) })}
              />
            </>
          )}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={isSubmitting} className={primaryClass}>
            {isSubmitting && <ButtonSpinner />}
            {isSubmitting ? 'Saving...' : 'Save times'}
          </button>
          {saved && !isDirty && (
            <p role="status" className="text-sm font-medium text-leaf-800 dark:text-leaf-50">
              Saved.
            </p>
          )}
        </div>
        {failure && (
          <p role="alert" className={failureClass}>
            {failure}
          </p>
        )}
      </form>
    </section>
  );
}
