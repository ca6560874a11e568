import {
  CARE_JOB_WORDS,
  CARE_TASKS,
  capitalise,
  type CareInput,
  type CareSchedules,
  type CareTask,
  type CareTaskInput,
} from '@model/care-tasks';

/** What the More care inputs hold for one task: text, until the shared schema has checked it. */
interface CareTaskFormValues {
  frequency: string;
  nextDate: string;
}

export type CareFormValues = Record<CareTask, CareTaskFormValues>;

/** The form's fields for a task, as the server names them in a 400's `fields`. */
export const CARE_FIELD_NAMES = CARE_TASKS.flatMap(
  (task) => [`care.${task}.frequency`, `care.${task}.nextDate`] as const,
);

export type CareFieldName = (typeof CARE_FIELD_NAMES)[number];

/** The labels of a task's two fields: "Fertilizing Frequency", "Next Fertilizing Date" (as watering's). */
export function careFieldLabels(task: CareTask): { frequency: string; nextDate: string } {
  const doing = capitalise(CARE_JOB_WORDS[task].doing);
  return { frequency: `${doing} Frequency`, nextDate: `Next ${doing} Date` };
}

/** The More care inputs for a plant's schedules (blank for a task it does not track). */
export function careFormValues(care: CareSchedules | undefined): CareFormValues {
  return Object.fromEntries(
    CARE_TASKS.map((task) => [
      task,
      { frequency: care?.[task]?.frequency ?? '', nextDate: care?.[task]?.nextDate ?? '' },
    ]),
  ) as CareFormValues;
}

type CheckedTask = CareTaskInput | null | undefined;
const blank = (value: string | null | undefined) => !value?.trim();
const isBlank = (input: CheckedTask) => !input || (blank(input.frequency) && blank(input.nextDate));

/**
 * `care` for POST /mango and PUT /mango/:id from the checked More care inputs. Without `current`
 * (a new plant): the tasks with a frequency or a next date. With the plant's schedules (an edit):
 * a task cleared entirely stops being tracked (null), a changed one is sent whole with the last
 * date it had (so a job done stays recorded), and one left as it was is not sent. Undefined when
 * there is nothing to send.
 */
export function careInputOf(
  values: Partial<Record<CareTask, CheckedTask>> | undefined,
  current?: CareSchedules,
): CareInput | undefined {
  const input: CareInput = {};
  for (const task of CARE_TASKS) {
    const value = values?.[task];
    const stored = current?.[task];
    if (isBlank(value)) {
      if (stored) input[task] = null;
      continue;
    }
    const frequency = value!.frequency?.trim() || null;
    const nextDate = value!.nextDate || null;
    if (stored && stored.frequency === frequency && stored.nextDate === nextDate) continue;
    input[task] = { frequency, lastDate: stored?.lastDate ?? null, nextDate };
  }
  return Object.keys(input).length > 0 ? input : undefined;
}
