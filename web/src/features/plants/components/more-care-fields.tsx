import { CARE_TASKS, type CareSchedules, type CareTask } from '@model/care-tasks';
import { useEffect, useId, useRef } from 'react';
import type { FieldErrors, SetValueConfig, UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/form-fields';
import { FrequencyHintText, SuggestedDateText } from '@/features/plants/components/schedule-hints';
import { useNextDateSuggestion } from '@/features/plants/hooks/use-next-date-suggestion';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { useToday } from '@/lib/use-today';
import { careFieldLabels, careTaskName, type CareFieldName, type CareFormValues } from '../lib/care-form';

const messages = defineMessages({
  moreCare: { id: 'plants.moreCare.title', message: 'More care' },
  moreCareTasks: { id: 'plants.moreCare.tasks', message: 'Fertilizing, repotting, pruning and misting (optional)' },
  // The example is what the schedule parser reads, which is English in every language.
  frequencyExample: { id: 'plants.moreCare.frequencyExample', message: 'e.g., Monthly' },
});

/** The part of a plant form the More care section fills: `care.<task>.frequency` and `care.<task>.nextDate`. */
interface WithCare {
  care: CareFormValues;
}

/**
 * Only the `care.*` fields of the form: any react-hook-form form with a `care` field passes its own
 * register, setValue and setFocus as they are, whatever its other fields.
 */
export interface MoreCareFieldsProps {
  /** The More care inputs as they stand (the form watches them). */
  values: CareFormValues;
  register: (name: CareFieldName) => UseFormRegisterReturn<CareFieldName>;
  setValue: (name: CareFieldName, value: string, options?: SetValueConfig) => void;
  setFocus: (name: CareFieldName) => void;
  errors: FieldErrors<WithCare>;
  /** Whether the form was submitted once: from then on a suggested date is checked as it is filled in. */
  isSubmitted: boolean;
  /** The plant's schedules, on Update: a task's next date is suggested from its last date. */
  current?: CareSchedules;
  /** Whether any field other than More care's has an error (it takes the focus first). */
  otherErrors: boolean;
  /** Whether the form's fields are locked (disabled while sending): a disabled field takes no focus, so the first error is focused once they unlock. */
  locked: boolean;
}

/**
 * "More care", closed by default: each care task's frequency and next date, with the same hints
 * and suggested next date as watering (from the task's last date, or today for a task never done).
 * It opens by itself when one of its fields has an error, so the error can be seen and focused.
 */
export function MoreCareFields(props: MoreCareFieldsProps) {
  const { errors, setFocus, otherErrors, locked } = props;
  const t = useT();
  const details = useRef<HTMLDetailsElement>(null);
  const firstError = CARE_TASKS.flatMap((task) =>
    (['frequency', 'nextDate'] as const)
      .filter((field) => errors.care?.[task]?.[field])
      .map((field) => `care.${task}.${field}` as const),
  )[0];
  const focusFirst = useRef(!otherErrors);
  useEffect(() => {
    focusFirst.current = !otherErrors;
  });

  useEffect(() => {
    if (!firstError || !details.current) return;
    // Fields in a closed <details> cannot take the focus the form gives its first error.
    details.current.open = true;
    if (focusFirst.current && !locked) setFocus(firstError);
  }, [firstError, setFocus, locked]);

  return (
    <details
      ref={details}
      className="group rounded-xl bg-slate-50 ring-1 ring-slate-200 sm:col-span-2 dark:bg-slate-800/60 dark:ring-slate-700"
    >
      <summary className="cursor-pointer rounded-xl px-4 py-3 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 dark:text-white">
        {t(messages.moreCare)}
        <span className="ml-2 text-sm font-normal text-slate-700 dark:text-slate-300">{t(messages.moreCareTasks)}</span>
      </summary>
      <div className="grid grid-cols-1 gap-5 border-t border-slate-200 p-4 dark:border-slate-700">
        {CARE_TASKS.map((task) => (
          <CareTaskFields key={task} task={task} {...props} />
        ))}
      </div>
    </details>
  );
}

function CareTaskFields({
  task,
  values,
  register,
  setValue,
  errors,
  isSubmitted,
  current,
}: MoreCareFieldsProps & { task: CareTask }) {
  const t = useT();
  const today = useToday();
  const hintId = useId();
  const labels = careFieldLabels(task, t);
  const lastDate = current?.[task]?.lastDate ?? undefined;
  const { frequency, nextDate: next } = values[task];
  const schedule = useNextDateSuggestion({
    frequency,
    lastWatered: lastDate ?? today,
    next,
    setNext: (value) => setValue(`care.${task}.nextDate`, value, { shouldDirty: true, shouldValidate: isSubmitted }),
  });
  const error = errors.care?.[task];
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-base font-bold text-slate-900 dark:text-white">{careTaskName(task, t)}</legend>
      <TextField
        label={labels.frequency}
        placeholder={t(messages.frequencyExample)}
        autoComplete="off"
        describedBy={schedule.hint ? `${hintId}-frequency` : undefined}
        error={error?.frequency?.message}
        {...register(`care.${task}.frequency`)}
      >
        <FrequencyHintText id={`${hintId}-frequency`} hint={schedule.hint} />
      </TextField>
      <TextField
        label={labels.nextDate}
        type="date"
        describedBy={schedule.suggested ? `${hintId}-next` : undefined}
        error={error?.nextDate?.message}
        {...register(`care.${task}.nextDate`)}
      >
        <SuggestedDateText id={`${hintId}-next`} suggested={schedule.suggested} from={lastDate ? task : 'today'} />
      </TextField>
    </fieldset>
  );
}
