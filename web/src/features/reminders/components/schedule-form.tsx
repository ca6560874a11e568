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
import { translate, useT } from '@/lib/i18n/i18n';
import { defineMessages, type Message } from '@/lib/i18n/messages';
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

const messages = defineMessages({
  time: { id: 'reminders.schedule.time', message: 'The time must be a time of day written HH:MM (for example 08:00).' },
  quietFrom: {
    id: 'reminders.schedule.quietFromFormat',
    message: 'Quiet hours from must be a time of day written HH:MM (for example 08:00).',
  },
  quietTo: {
    id: 'reminders.schedule.quietToFormat',
    message: 'Quiet hours to must be a time of day written HH:MM (for example 08:00).',
  },
  quietSame: { id: 'reminders.schedule.quietSame', message: 'Quiet hours must start and end at different times.' },
  timeZone: {
    id: 'reminders.schedule.timeZoneInvalid',
    message: 'timeZone must be a time zone by its IANA name, such as Europe/Berlin or America/New_York.',
  },
  hemisphere: {
    id: 'reminders.schedule.hemisphereInvalid',
    message: 'hemisphere must be "north", "south" or null (from the time zone).',
  },
  quietClash: {
    id: 'reminders.schedule.quietClash',
    message:
      "The digest's time, {time}, is inside your quiet hours ({from} to {to}). Choose a time outside them, or change the quiet hours.",
  },
  notSaved: {
    id: 'reminders.schedule.notSaved',
    message: 'Your reminder times could not be saved. Please try again.',
  },
  heading: { id: 'reminders.schedule.heading', message: 'When' },
  digestTime: { id: 'reminders.schedule.digestTime', message: 'Digest time' },
  timeZoneLabel: { id: 'reminders.schedule.timeZone', message: 'Time zone' },
  seasons: { id: 'reminders.schedule.seasons', message: 'Seasons' },
  zoneHemisphere: {
    id: 'reminders.schedule.zoneHemisphere',
    message: "This time zone's ({hemisphere, select, north {northern hemisphere} other {southern hemisphere}})",
  },
  north: { id: 'reminders.schedule.north', message: 'Northern hemisphere' },
  south: { id: 'reminders.schedule.south', message: 'Southern hemisphere' },
  seasonsHint: {
    id: 'reminders.schedule.seasonsHint',
    message: "For plants that follow their species: summer runs from this hemisphere's spring equinox.",
  },
  quiet: { id: 'reminders.schedule.quiet', message: 'Quiet hours' },
  quietHint: {
    id: 'reminders.schedule.quietHint',
    message: "Nothing is sent between these times; the digest's time must be outside them.",
  },
  quietFromLabel: { id: 'reminders.schedule.quietFrom', message: 'Quiet from' },
  quietToLabel: { id: 'reminders.schedule.quietUntil', message: 'Quiet until' },
  saving: { id: 'reminders.schedule.saving', message: 'Saving...' },
  save: { id: 'reminders.schedule.save', message: 'Save times' },
  saved: { id: 'reminders.schedule.saved', message: 'Saved.' },
});

/** The form's fields the model may refuse: all but the quiet hours' checkbox. */
type CheckedField = Exclude<keyof ScheduleValues, 'quiet'>;

/** The form's sentence for each field the model refuses, as the model says it, in the app's language. */
const FIELD_REFUSALS: Record<CheckedField, Message> = {
  time: messages.time,
  timeZone: messages.timeZone,
  hemisphere: messages.hemisphere,
  quietFrom: messages.quietFrom,
  quietTo: messages.quietTo,
};

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
function fieldOf(path: readonly PropertyKey[]): CheckedField {
  const [first, second] = path;
  if (first === 'time' || first === 'timeZone' || first === 'hemisphere') return first;
  return second === 'from' ? 'quietFrom' : 'quietTo';
}

/**
 * The model's schema decides (the server checks again with the same one), and the model's rule of
 * quiet hours: a digest time inside them is refused here with the server's sentence. The sentences
 * are the web's, in the app's language: the model's are English.
 */
const resolver: Resolver<ScheduleValues, unknown, UpdateReminderSettingsInput> = async (values) => {
  const parsed = UpdateReminderSettingsInputSchema.safeParse(inputOf(values));
  const errors: FieldErrors<ScheduleValues> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // Quiet hours as a whole: their one rule, different times (the form shows it under "Quiet until").
      const whole = issue.path.length === 1 && issue.path[0] === 'quietHours';
      const field = fieldOf(issue.path);
      errors[field] ??= {
        type: issue.code,
        message: translate(whole ? messages.quietSame : FIELD_REFUSALS[field]),
      };
    }
  } else if (parsed.data.quietHours && parsed.data.time && inQuietHours(parsed.data.time, parsed.data.quietHours)) {
    const { from, to } = parsed.data.quietHours;
    errors.time = {
      type: 'quiet',
      message: translate(messages.quietClash, { time: parsed.data.time, from, to }),
    };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: parsed.data!, errors: {} };
};

/**
 * The form's sentence for a field the server refused (a 400's `fields`, by path): the web's for that
 * field, as the form's own check says it, never the server's English. The server checks with the
 * same model, so its refusals are the form's, but for a time zone this browser knows and the
 * server's platform does not.
 */
function serverRefusal(path: string, input: UpdateReminderSettingsInput): string {
  if (path === 'quietHours') return translate(messages.quietSame);
  const field = fieldOf(path.split('.'));
  const quiet = input.quietHours;
  if (field === 'time' && quiet && input.time && inQuietHours(input.time, quiet))
    return translate(messages.quietClash, { time: input.time, from: quiet.from, to: quiet.to });
  return translate(FIELD_REFUSALS[field]);
}

/**
 * When the digest comes: its time of day, the time zone it is read in (the platform's zones, this
 * browser's among them), and quiet hours, when nothing is sent. Saved together.
 */
export function ScheduleForm({ settings }: { settings: ReminderSettings }) {
  const headingId = useId();
  const seasonsHintId = useId();
  const t = useT();
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
    const failed = await save(input, t(messages.notSaved));
    if (!failed) return setSaved(true);
    const fields = failed.error instanceof ApiError ? Object.keys(failed.error.fields ?? {}) : [];
    if (fields.length === 0) return setFailure(failed.message);
    for (const field of fields)
      setError(fieldOf(field.split('.')), { type: 'server', message: serverRefusal(field, input) });
  });

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={headingClass}>
        {t(messages.heading)}
      </h2>
      <form onSubmit={onSubmit} noValidate aria-busy={isSubmitting} className="mt-4 space-y-4">
        <fieldset disabled={isSubmitting} className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t(messages.digestTime)}
            type="time"
            required
            error={errors.time?.message}
            {...register('time', { onChange: () => setSaved(false) })}
          />
          <SelectField
            label={t(messages.timeZoneLabel)}
            required
            options={zones.map((zone) => ({ value: zone, label: zoneLabel(zone) }))}
            error={errors.timeZone?.message}
            {...register('timeZone', { onChange: () => setSaved(false) })}
          />
          <div>
            <SelectField
              label={t(messages.seasons)}
              describedBy={seasonsHintId}
              options={[
                { value: '', label: t(messages.zoneHemisphere, { hemisphere: hemisphereOf(zone) }) },
                { value: 'north', label: t(messages.north) },
                { value: 'south', label: t(messages.south) },
              ]}
              error={errors.hemisphere?.message}
              {...register('hemisphere', { onChange: () => setSaved(false) })}
            />
            <p id={seasonsHintId} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              {t(messages.seasonsHint)}
            </p>
          </div>
          <div className="sm:col-span-2">
            <label className="inline-flex items-center gap-2 font-semibold text-slate-800 dark:text-slate-200">
              <input
                type="checkbox"
                className="size-4 accent-leaf-700"
                {...register('quiet', { onChange: () => setSaved(false) })}
              />
              {t(messages.quiet)}
            </label>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t(messages.quietHint)}</p>
          </div>
          {quiet && (
            <>
              <TextField
                label={t(messages.quietFromLabel)}
                type="time"
                required
                error={errors.quietFrom?.message}
                {...register('quietFrom', { onChange: () => setSaved(false) })}
              />
              <TextField
                label={t(messages.quietToLabel)}
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
            {t(isSubmitting ? messages.saving : messages.save)}
          </button>
          {saved && !isDirty && (
            <p role="status" className="text-sm font-medium text-leaf-800 dark:text-leaf-50">
              {t(messages.saved)}
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
