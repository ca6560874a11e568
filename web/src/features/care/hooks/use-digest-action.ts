import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { toast } from '@/lib/toast';
import { takeHandOver } from '@/sw/digest-hand-over';
import { readDigestNonce, type DigestAction } from '@/sw/digest-push';
import type { CareJobsFlow, JobOfPlant } from './use-care-jobs';

/**
 * The hand-overs this page has read: the same address read again (React's second run of an
 * effect, a remount) is taken once, and says nothing the second time.
 */
const read = new Set<string>();

const messages = defineMessages({
  done: { id: 'care.digest.nothingToDo', message: 'The jobs of this reminder are already done.' },
  snooze: {
    id: 'care.digest.nothingToSnooze',
    message: 'The jobs of this reminder are no longer due, so there is nothing to snooze.',
  },
  check: {
    id: 'care.digest.nothingToCheck',
    message: 'The jobs of this reminder are no longer due, so there is nothing to check.',
  },
  expired: {
    id: 'care.digest.expired',
    message: "This reminder's link has expired or was already used, so nothing was recorded.",
  },
  unreadable: {
    id: 'care.digest.unreadable',
    message: 'This reminder could not be read in this browser, so nothing was recorded.',
  },
});

type Care = Pick<CareJobsFlow, 'doAll' | 'snooze' | 'checkIn'>;

/**
 * The "Done", "Snooze 1 day" or "Not needed yet" of a digest's notification, handed to Today by the
 * service worker under a nonce (sw/digest-hand-over.ts): once the page's jobs are in (`ready`), the
 * address bar loses the hash, the action the nonce names is taken (once: a second read finds
 * nothing), and its jobs that are still due are recorded through the care flow, as "Do all due"
 * records them (offline too), or snoozed for a day, or checked and moved later. A job done since the
 * digest was sent is not done twice. An address that names jobs itself, or a nonce the worker never
 * made or that was used, records nothing: plant ids are public, and anyone could send such a link.
 */
export function useDigestAction({
  due,
  ready,
  care,
}: {
  /** The jobs overdue and due today, as the page shows them. */
  due: readonly JobOfPlant[];
  ready: boolean;
  care: Care;
}): void {
  const { pathname, search, hash } = useLocation();
  // What is due and the flow when the hand-over is read from IndexedDB, a moment after the effect.
  const current = useRef({ due, care });
  useEffect(() => {
    current.current = { due, care };
  });
  useEffect(() => {
    const nonce = ready ? readDigestNonce(hash) : null;
    if (nonce === null || read.has(nonce)) return;
    read.add(nonce);
    // Out of the address bar, so a reload does not read it again; not through the router, whose
    // navigation off a hash would read the page again for nothing.
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    void takeHandOver(nonce).then(
      (action) => {
        if (action) record(action, current.current.due, current.current.care);
        else void toast.info(translate(messages.expired));
      },
      () => void toast.info(translate(messages.unreadable)),
    );
  }, [ready, hash, pathname, search]);
}

function record(action: DigestAction, due: readonly JobOfPlant[], care: Care): void {
  const items = due.filter(({ plant, job }) =>
    action.jobs.some(({ plantId, task }) => plantId === plant._id && task === job),
  );
  if (items.length === 0) void toast.info(translate(messages[action.kind]));
  else if (action.kind === 'done') void care.doAll(items);
  else if (action.kind === 'snooze') void care.snooze(items, 1);
  // One check-in each, in turn: each says where its job moved, with its Undo.
  else
    void items.reduce<Promise<unknown>>(
      (previous, { plant, job }) => previous.then(() => care.checkIn(plant, job)),
      Promise.resolve(),
    );
}
