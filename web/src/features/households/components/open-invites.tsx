import type { OpenInvite } from '@model/household';
import { Suspense, useId, useRef, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { ReadFailed } from '@/components/ui/read-failed';
import { ApiError } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { confirmDialog } from '@/lib/dialogs';
import { changed } from '@/lib/server-changes';
import { useAnswer, type Answer, type Settled } from '@/lib/server-state';
import { toast } from '@/lib/toast';
import { useLoadError } from '@/lib/use-api-error';
import { INVITES_PATH } from '../api/list-invites';
import { withdrawInvite } from '../api/withdraw-invite';
import { cardClass, dangerClass, useHouseholdError } from '../lib/household-ui';

/** What an invite is for, as its row and its Withdraw button name it: "member", "sitter until March 4, 2026". */
const inviteFor = (invite: OpenInvite) =>
  invite.role === 'sitter' && invite.until ? `sitter until ${formatLongDate(invite.until)}` : 'member';
const worksUntil = (invite: OpenInvite) => formatLongDate(invite.expiresAt.slice(0, 10));

/**
 * The owner's open invites (neither used, withdrawn nor expired): whom each is for, until when its
 * link works, and Withdraw, which asks first and then makes the link stop working. The links
 * themselves are never shown again: the server keeps only their hashes.
 */
export function OpenInvites({ answer }: { answer: Answer<Settled<OpenInvite[]>> }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 outline-none dark:text-white"
      >
        Open invites
      </h2>
      <Suspense
        fallback={
          <p role="status" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Loading the open invites...
          </p>
        }
      >
        <InviteList answer={answer} afterWithdrawal={() => headingRef.current?.focus()} />
      </Suspense>
    </section>
  );
}

function InviteList({
  answer,
  afterWithdrawal,
}: {
  answer: Answer<Settled<OpenInvite[]>>;
  afterWithdrawal: () => void;
}) {
  const loaded = useAnswer(answer);
  const householdError = useHouseholdError();
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const error = loaded.ok ? null : loaded.error;
  const loadError = useLoadError(error, 'The open invites could not be loaded. Please try again.');
  if (!loaded.ok) {
    const message = error instanceof ApiError && error.status !== 401 ? error.message : loadError;
    return <ReadFailed message={message} reread={[INVITES_PATH]} className="mt-3" />;
  }
  const invites = loaded.data;

  const withdraw = async (invite: OpenInvite) => {
    const confirmed = await confirmDialog({
      title: 'Withdraw this invite?',
      text: `The link for a ${inviteFor(invite)} stops working at once: nobody can join with it. You can make a new one at any time.`,
      confirmText: 'Yes, withdraw',
      danger: true,
    });
    if (!confirmed) return;
    setFailure(null);
    setWithdrawing(invite._id);
    try {
      await withdrawInvite(invite._id);
      void toast.success(`The invite for a ${inviteFor(invite)} is withdrawn. Its link no longer works.`);
      await changed({ reread: [INVITES_PATH] });
      afterWithdrawal();
    } catch (error) {
      setFailure(householdError(error, 'The invite could not be withdrawn. Please try again.'));
      // Used, expired or withdrawn meanwhile (410), or gone (404): the list shows what is open now.
      if (error instanceof ApiError && (error.status === 404 || error.status === 410))
        await changed({ reread: [INVITES_PATH] });
    } finally {
      setWithdrawing(null);
    }
  };

  return (
    <>
      {failure && (
        <div className="mt-3">
          <Banner tone="error">{failure}</Banner>
        </div>
      )}
      {invites.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          None. A link you make is listed here until it is used, withdrawn or expires.
        </p>
      ) : (
        <ul aria-label="Open invites" className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {invites.map((invite) => (
            <li key={invite._id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="break-words font-semibold text-slate-900 dark:text-white">For a {inviteFor(invite)}</p>
                <p className="text-sm text-slate-700 dark:text-slate-300">Its link works until {worksUntil(invite)}.</p>
              </div>
              <button
                type="button"
                disabled={withdrawing !== null}
                aria-busy={withdrawing === invite._id}
                onClick={() => void withdraw(invite)}
                className={`${dangerClass} shrink-0 self-start sm:self-auto`}
              >
                {withdrawing === invite._id ? 'Withdrawing...' : 'Withdraw'}{' '}
                <span className="sr-only">
                  the invite for a {inviteFor(invite)}, working until {worksUntil(invite)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
