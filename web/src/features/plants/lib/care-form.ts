import { CARE_TASKS, type CareInput, type CareSchedules, type CareTask, type CareTaskInput } from '@model/care-tasks';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

// In the tasks' selects, `other` is misting (ICU asks for an `other`; the tasks are CARE_TASKS).
const messages = defineMessages({
  task: {
    id: 'plants.care.task',
    message: '{task, select, fertilize {Fertilize} repot {Repot} prune {Prune} other {Mist}}',
  },
  frequency: {
    id: 'plants.care.frequency',
    message:
      '{task, select, fertilize {Fertilizing Frequency} repot {Repotting Frequency} prune {Pruning Frequency} other {Misting Frequency}}',
  },
  nextDate: {
    id: 'plants.care.nextDate',
    message:
      '{task, select, fertilize {Next Fertilizing Date} repot {Next Repotting Date} prune {Next Pruning Date} other {Next Misting Date}}',
  },
});

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

/**
 * The labels of a task's two fields: "Fertilizing Frequency", "Next Fertilizing Date" (as
 * watering's), in the app's language (`t`: a component's, so it draws again in a new one).
 */
export function careFieldLabels(
  task: CareTask,
  t: typeof translate = translate,
): { frequency: string; nextDate: string } {
  return { frequency: t(messages.frequency, { task }), nextDate: t(messages.nextDate, { task }) };
}

/** A task's name, as More care's group of its fields says it: "Fertilize", "Repot", "Prune", "Mist". */
export function careTaskName(task: CareTask, t: typeof translate = translate): string {
  return t(messages.task, { task });
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
