import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { readDigestAction } from '@/sw/digest-push';
import type { CareJobsFlow, JobOfPlant } from './use-care-jobs';

/** The hand-over last recorded: the same click, read again (a second render, a remount), is not recorded twice. */
let recorded: string | null = null;

const NOTHING_LEFT = {
  done: 'The jobs of this reminder are already done.',
  snooze: 'The jobs of this reminder are no longer due, so there is nothing to snooze.',
  check: 'The jobs of this reminder are no longer due, so there is nothing to check.',
};

/**
 * The "Done", "Snooze 1 day" or "Not needed yet" of a digest's notification, handed to Today in its address by the
 * service worker (sw/digest-push.ts): once the page's jobs are in (`ready`), the listed jobs that
 * are still due are recorded through the care flow, as "Do all due" records them (offline too) or
 * snoozed for a day, or checked and moved later, and the address bar loses the hash. A job done since the digest was
 * sent is not done twice.
 */
export function useDigestAction({
  due,
  ready,
  care,
}: {
  /** The jobs overdue and due today, as the page shows them. */
  due: readonly JobOfPlant[];
  ready: boolean;
  care: Pick<CareJobsFlow, 'doAll' | 'snooze' | 'checkIn'>;
}): void {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    const action = ready ? readDigestAction(hash) : null;
    if (!action || recorded === action.key) return;
    recorded = action.key;
    // Out of the address bar, so a reload does not record it again; not through the router, whose
    // navigation off a hash would read the page again for nothing.
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    const items = due.filter(({ plant, job }) =>
      action.jobs.some(({ plantId, task }) => plantId === plant._id && task === job),
    );
    if (items.length === 0) void toast.info(NOTHING_LEFT[action.action]);
    else if (action.action === 'done') void care.doAll(items);
    else if (action.action === 'snooze') void care.snooze(items, 1);
    // One check-in each, in turn: each says where its job moved, with its Undo.
    else
      void items.reduce<Promise<unknown>>(
        (previous, { plant, job }) => previous.then(() => care.checkIn(plant, job)),
        Promise.resolve(),
      );
  }, [ready, hash, pathname, search, due, care]);
}
