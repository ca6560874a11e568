import type { OpenInvite } from '@model/household';
import { Fragment, Suspense, useId, useRef, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { ReadFailed } from '@/components/ui/read-failed';
import { ApiError } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { confirmDialog } from '@/lib/dialogs';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { changed } from '@/lib/server-changes';
import { useAnswer, type Answer, type Settled } from '@/lib/server-state';
import { toast } from '@/lib/toast';
import { useLoadError } from '@/lib/use-api-error';
import { INVITES_PATH } from '../api/list-invites';
import { withdrawInvite } from '../api/withdraw-invite';
import { cardClass, dangerClass, householdSentence, useHouseholdError } from '../lib/household-ui';
import { fillSlots, slot } from '@/lib/i18n/fill-slots';

// {role} is sitter (with its last day, {until}) or member.
const messages = defineMessages({
  heading: { id: 'households.openInvites.heading', message: 'Open invites' },
  loading: { id: 'households.openInvites.loading', message: 'Loading the open invites...' },
  notLoaded: {
    id: 'households.openInvites.notLoaded',
    message: 'The open invites could not be loaded. Please try again.',
  },
  withdrawTitle: { id: 'households.openInvites.withdrawTitle', message: 'Withdraw this invite?' },
  withdrawText: {
    id: 'households.openInvites.withdrawText',
    message:
      '{role, select, sitter {The link for a sitter until {until} stops working at once: nobody can join with it. You can make a new one at any time.} other {The link for a member stops working at once: nobody can join with it. You can make a new one at any time.}}',
  },
  withdrawConfirm: { id: 'households.openInvites.withdrawConfirm', message: 'Yes, withdraw' },
  withdrawn: {
    id: 'households.openInvites.withdrawn',
    message:
      '{role, select, sitter {The invite for a sitter until {until} is withdrawn. Its link no longer works.} other {The invite for a member is withdrawn. Its link no longer works.}}',
  },
  notWithdrawn: {
    id: 'households.openInvites.notWithdrawn',
    message: 'The invite could not be withdrawn. Please try again.',
  },
  none: {
    id: 'households.openInvites.none',
    message: 'None. A link you make is listed here until it is used, withdrawn or expires.',
  },
  forWhom: {
    id: 'households.openInvites.forWhom',
    message: '{role, select, sitter {For a sitter until {until}} other {For a member}}',
  },
  worksUntil: { id: 'households.openInvites.worksUntil', message: 'Its link works until {date}.' },
  // {invite} is what the invite is for, heard by screen readers only (the button shows the action alone).
  withdraw: { id: 'households.openInvites.withdraw', message: 'Withdraw{invite}' },
  withdrawing: { id: 'households.openInvites.withdrawing', message: 'Withdrawing...{invite}' },
  theInvite: {
    id: 'households.openInvites.theInvite',
    message:
      '{role, select, sitter {the invite for a sitter until {until}, working until {date}} other {the invite for a member, working until {date}}}',
  },
});

/** What an invite is for, as its messages name it: a sitter until a day ("sitter", `until`), or a member. */
const inviteFor = (invite: OpenInvite) =>
  invite.role === 'sitter' && invite.until
    ? { role: 'sitter', until: formatLongDate(invite.until) }
    : { role: 'member', until: '' };
const worksUntil = (invite: OpenInvite) => formatLongDate(invite.expiresAt.slice(0, 10));

/**
 * The owner's open invites (neither used, withdrawn nor expired): whom each is for, until when its
 * link works, and Withdraw, which asks first and then makes the link stop working. The links
 * themselves are never shown again: the server keeps only their hashes.
 */
export function OpenInvites({ answer }: { answer: Answer<Settled<OpenInvite[]>> }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const t = useT();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 outline-none dark:text-white"
      >
        {t(messages.heading)}
      </h2>
      <Suspense
        fallback={
          <p role="status" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {t(messages.loading)}
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
  const t = useT();
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const error = loaded.ok ? null : loaded.error;
  const loadError = useLoadError(error, t(messages.notLoaded));
  if (!loaded.ok) {
    const message = error instanceof ApiError && error.status !== 401 ? householdSentence(error) : loadError;
    return <ReadFailed message={message} reread={[INVITES_PATH]} className="mt-3" />;
  }
  const invites = loaded.data;

  const withdraw = async (invite: OpenInvite) => {
    const confirmed = await confirmDialog({
      title: t(messages.withdrawTitle),
      text: t(messages.withdrawText, inviteFor(invite)),
      confirmText: t(messages.withdrawConfirm),
      danger: true,
    });
    if (!confirmed) return;
    setFailure(null);
    setWithdrawing(invite._id);
    try {
      await withdrawInvite(invite._id);
      void toast.success(t(messages.withdrawn, inviteFor(invite)));
      await changed({ reread: [INVITES_PATH] });
      afterWithdrawal();
    } catch (error) {
      setFailure(householdError(error, t(messages.notWithdrawn)));
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
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t(messages.none)}</p>
      ) : (
        <ul aria-label={t(messages.heading)} className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {invites.map((invite) => (
            <li key={invite._id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="break-words font-semibold text-slate-900 dark:text-white">
                  {t(messages.forWhom, inviteFor(invite))}
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {t(messages.worksUntil, { date: worksUntil(invite) })}
                </p>
              </div>
              <button
                type="button"
                disabled={withdrawing !== null}
                aria-busy={withdrawing === invite._id}
                onClick={() => void withdraw(invite)}
                className={`${dangerClass} shrink-0 self-start sm:self-auto`}
              >
                {fillSlots(
                  t(withdrawing === invite._id ? messages.withdrawing : messages.withdraw, { invite: slot(0) }),
                  [
                    // The space outside the hidden span: an accessible name trims the span's own text.
                    <Fragment key="invite">
                      {' '}
                      <span className="sr-only">
                        {t(messages.theInvite, { ...inviteFor(invite), date: worksUntil(invite) })}
                      </span>
                    </Fragment>,
                  ],
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
