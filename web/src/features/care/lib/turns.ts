import type { CareJob, Plant } from '@model';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  yours: { id: 'care.turn.yours', message: 'Your turn' },
  theirs: { id: 'care.turn.theirs', message: "{name}'s turn" },
});

/**
 * Whose turn a plant's job is, when its household keeps a rota (the server's `onDutyByJob[job]`,
 * each job on its own day, GET /mango/due; `onDuty`, its nearest job's, without a job or where the
 * server names none per job): null for the user's own plant that is not shared (it is theirs
 * anyway) and for a household where everyone gets every job (null).
 */
export function turnOf(
  plant: Plant,
  viewerUid: string | null | undefined,
  job?: CareJob,
  t: typeof translate = translate,
): { mine: boolean; label: string } | null {
  const shared = plant.shared === true || (!!plant.ownerUid && plant.ownerUid !== viewerUid);
  const onDuty = job && plant.onDutyByJob && job in plant.onDutyByJob ? plant.onDutyByJob[job] : plant.onDuty;
  if (!onDuty || !shared) return null;
  const mine = onDuty.uid === viewerUid;
  return { mine, label: mine ? t(messages.yours) : t(messages.theirs, { name: onDuty.displayName }) };
}

const ONLY_MINE_KEY = 'mango.today.onlyMine';

/** Today's "Only mine", kept per device: on unless this device turned it off. */
export function onlyMineSaved(): boolean {
  try {
    return localStorage.getItem(ONLY_MINE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function saveOnlyMine(on: boolean): void {
  try {
    localStorage.setItem(ONLY_MINE_KEY, on ? 'on' : 'off');
  } catch {
    // Storage can be off (private mode): the filter is on again on the next visit.
  }
}
