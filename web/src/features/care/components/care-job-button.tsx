import type { Plant } from '@model';
import type { CareJob } from '@model/care-tasks';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { inputClass } from '@/components/ui/form-fields';
import { CheckIcon } from '@/components/ui/icons';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { useToday } from '@/lib/use-today';
import { CalendarIcon, DropIcon } from '@/features/care/components/watering-icons';
import { useDismiss } from '@/features/care/hooks/use-dismiss';
import { useCareJobs } from '@/features/care/hooks/use-care-jobs';

export interface CareJobButtonProps {
  plant: Pick<Plant, '_id' | 'plantName'>;
  job: CareJob;
  /** The job's last day: no earlier day can be picked. */
  lastDate?: string | null;
  /** Records the job: today without a date, else the day picked under "done earlier". */
  onDo: (plant: Pick<Plant, '_id' | 'plantName'>, date?: string) => void | Promise<unknown>;
  busy?: boolean;
  /** Which edge the "watered earlier" panel lines up with: the right for controls near the right edge. */
  align?: 'left' | 'right';
  /** 'small' in dense lists and cards. */
  size?: 'small' | 'normal';
}

/* In the jobs' selects `other` is misting: ICU asks for an `other`, and the jobs are CARE_JOBS. */
const messages = defineMessages({
  watered: { id: 'care.jobButton.watered', message: 'Watered' },
  done: { id: 'care.jobButton.done', message: 'Done' },
  doneWhat: {
    id: 'care.jobButton.doneWhat',
    message:
      '{job, select, water {watering} fertilize {fertilizing} repot {repotting} prune {pruning} other {misting}} {plant}',
  },
  earlier: {
    id: 'care.jobButton.earlier',
    message:
      '{job, select, water {Watered} fertilize {Fertilized} repot {Repotted} prune {Pruned} other {Misted}} {plant} earlier',
  },
  when: {
    id: 'care.jobButton.when',
    message:
      'When was {plant} {job, select, water {watered} fertilize {fertilized} repot {repotted} prune {pruned} other {misted}}?',
  },
  day: {
    id: 'care.jobButton.day',
    message: 'Day {job, select, water {watered} fertilize {fertilized} repot {repotted} prune {pruned} other {misted}}',
  },
  pickDay: {
    id: 'care.jobButton.pickDay',
    message:
      'Pick the day it was {job, select, water {watered} fertilize {fertilized} repot {repotted} prune {pruned} other {misted}}.',
  },
  notAfterToday: { id: 'care.jobButton.notAfterToday', message: 'Pick today or an earlier day.' },
  notBeforeLast: {
    id: 'care.jobButton.notBeforeLast',
    message:
      'Pick the day of the last {job, select, water {watering} fertilize {fertilizing} repot {repotting} prune {pruning} other {misting}} or a later one.',
  },
  cancel: { id: 'care.jobButton.cancel', message: 'Cancel' },
  save: { id: 'care.jobButton.save', message: 'Save' },
  saveWhat: {
    id: 'care.jobButton.saveWhat',
    message:
      '{job, select, water {watering} fertilize {fertilizing} repot {repotting} prune {pruning} other {misting}} of {plant}',
  },
});

const PANEL_WIDTH = 256;
const EDGE_MARGIN = 16;

/**
 * Where the panel goes, relative to the buttons: under them, lined up with the preferred edge,
 * then moved sideways as far as needed to stay inside the window (a card's buttons can sit
 * anywhere on a 320 px phone).
 */
function panelPlacement(wrapper: HTMLElement | null, align: 'left' | 'right'): { left: number; width: number } {
  const viewport = document.documentElement.clientWidth;
  const width = Math.min(PANEL_WIDTH, viewport - 2 * EDGE_MARGIN);
  if (!wrapper) return { left: 0, width };
  const rect = wrapper.getBoundingClientRect();
  const preferred = align === 'right' ? rect.width - width : 0;
  const left = Math.min(Math.max(preferred, EDGE_MARGIN - rect.left), viewport - EDGE_MARGIN - width - rect.left);
  return { left: Math.round(left), width };
}

const baseClass =
  'inline-flex items-center justify-center gap-1.5 font-semibold text-white transition-colors disabled:cursor-not-allowed disabled:opacity-70';
const colours = {
  water: { buttonClass: 'bg-sky-700 hover:bg-sky-800', edgeClass: 'border-sky-500' },
  care: { buttonClass: 'bg-leaf-700 hover:bg-leaf-800', edgeClass: 'border-leaf-600' },
};

/**
 * The one-tap record of a job, by anyone who may care for the plant: `Watered` (or `Done` for fertilizing, repotting, pruning and
 * misting) records today; the calendar button beside it opens a small panel to record an earlier
 * day (no later than today, no earlier than the job's last day). Every name includes the plant's,
 * so a list of them reads well with a screen reader.
 */
export function CareJobButton({
  plant,
  job,
  lastDate,
  onDo,
  busy = false,
  align = 'right',
  size = 'normal',
}: CareJobButtonProps) {
  const t = useT();
  const water = job === 'water';
  const colour = water ? colours.water : colours.care;
  const today = useToday();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const [placement, setPlacement] = useState<{ left: number; width: number }>();
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const dateInput = useRef<HTMLInputElement>(null);
  const earliest = lastDate && lastDate <= today ? lastDate : undefined;
  const paddingClass = size === 'small' ? 'px-3 py-1.5 text-sm' : 'px-4 py-2 text-sm';

  const close = (focusToggle: boolean) => {
    setOpen(false);
    setError(null);
    if (focusToggle) toggle.current?.focus();
  };

  useEffect(() => {
    if (open) dateInput.current?.focus();
  }, [open]);
  useDismiss(open, wrapper, close);

  const openPanel = () => {
    setDate(today);
    setError(null);
    setPlacement(panelPlacement(wrapper.current, align));
    setOpen(true);
  };

  const submitEarlier = (event: FormEvent) => {
    event.preventDefault();
    if (!date) return setError(t(messages.pickDay, { job }));
    if (date > today) return setError(t(messages.notAfterToday));
    if (earliest && date < earliest) return setError(t(messages.notBeforeLast, { job }));
    close(true);
    void onDo(plant, date);
  };

  return (
    <div ref={wrapper} className="relative inline-flex">
      <button
        type="button"
        onClick={() => void onDo(plant)}
        disabled={busy}
        aria-busy={busy}
        className={`${baseClass} ${colour.buttonClass} ${paddingClass} rounded-l-lg`}
      >
        {busy ? (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent motion-reduce:animate-none"
          />
        ) : water ? (
          <DropIcon size={16} />
        ) : (
          <CheckIcon size={16} />
        )}
        {water ? (
          <>
            {t(messages.watered)} <span className="sr-only">{plant.plantName}</span>
          </>
        ) : (
          <>
            {t(messages.done)} <span className="sr-only">{t(messages.doneWhat, { job, plant: plant.plantName })}</span>
          </>
        )}
      </button>
      <button
        ref={toggle}
        type="button"
        onClick={() => (open ? close(true) : openPanel())}
        disabled={busy}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        className={`${baseClass} ${colour.buttonClass} ${size === 'small' ? 'px-2 py-1.5' : 'px-2.5 py-2'} rounded-r-lg border-l ${colour.edgeClass}`}
      >
        <CalendarIcon size={16} />
        <span className="sr-only">{t(messages.earlier, { job, plant: plant.plantName })}</span>
      </button>
      {open && (
        <form
          id={panelId}
          onSubmit={submitEarlier}
          noValidate
          aria-label={t(messages.when, { job, plant: plant.plantName })}
          style={placement}
          className="absolute top-full z-30 mt-2 space-y-3 rounded-xl bg-white p-4 text-left shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
        >
          <div>
            <label
              htmlFor={`${panelId}-date`}
              className="mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-200"
            >
              {t(messages.day, { job })}
            </label>
            <input
              ref={dateInput}
              id={`${panelId}-date`}
              type="date"
              value={date}
              max={today}
              min={earliest}
              onChange={(event) => setDate(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${panelId}-error` : undefined}
              className={`${inputClass} ${error ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-slate-600'}`}
            />
            {error && (
              <p id={`${panelId}-error`} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300">
                {error}
              </p>
            )}
          </div>
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => close(true)}
              className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800"
            >
              {t(messages.cancel)}
            </button>
            <button type="submit" className={`${baseClass} ${colour.buttonClass} rounded-lg px-3 py-1.5 text-sm`}>
              {t(messages.save)}{' '}
              <span className="sr-only">{t(messages.saveWhat, { job, plant: plant.plantName })}</span>
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/**
 * A list row's own Watered button: the job through useCareJobs, and the plant as stored shown by
 * every view of it. Pages that show more of the plant (its page, Today) keep one flow for all
 * their buttons instead.
 */
export function WateredButton({
  plant,
  size = 'small',
}: {
  plant: Pick<Plant, '_id' | 'plantName' | 'lastWateredDate'>;
  size?: CareJobButtonProps['size'];
}) {
  const { doJob, isBusy } = useCareJobs();
  return (
    <CareJobButton
      plant={plant}
      job="water"
      lastDate={plant.lastWateredDate}
      onDo={(named, date) => doJob(named, 'water', date)}
      busy={isBusy(plant._id)}
      size={size}
    />
  );
}
