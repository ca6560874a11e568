import type { Plant } from '@model';
import type { CareJob } from '@model/care-tasks';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { checkedSentence } from '../lib/event-text';

const messages = defineMessages({
  stillMoist: { id: 'care.checkIn.stillMoist', message: 'Still moist' },
  notYet: { id: 'care.checkIn.notYet', message: 'Not yet' },
});

interface CheckInButtonProps {
  plant: Pick<Plant, '_id' | 'plantName'>;
  job: CareJob;
  /** Says the job was checked and is not needed yet. */
  onCheck: () => void | Promise<unknown>;
  busy?: boolean;
  /** 'small' in dense lists. */
  size?: 'small' | 'normal';
}

/**
 * "Still moist" (or "Not yet" for the other jobs) beside a due job's Done and Snooze: the job was
 * checked and is not needed yet, so it comes back later without being recorded. Its name says the
 * plant ("Checked Aloe: soil still moist").
 */
export function CheckInButton({ plant, job, onCheck, busy = false, size = 'normal' }: CheckInButtonProps) {
  const t = useT();
  const paddingClass = size === 'small' ? 'px-3 py-1.5' : 'px-4 py-2';
  return (
    <button
      type="button"
      onClick={() => void onCheck()}
      disabled={busy}
      aria-busy={busy}
      aria-label={checkedSentence(plant.plantName, job, t)}
      className={`inline-flex items-center justify-center rounded-lg bg-white text-sm font-semibold text-slate-900 ring-1 ring-slate-400 transition-colors hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70 dark:bg-slate-950 dark:text-white dark:ring-slate-600 dark:hover:bg-slate-800 ${paddingClass}`}
    >
      {t(job === 'water' ? messages.stillMoist : messages.notYet)}
    </button>
  );
}
