import { useState, type ReactNode } from 'react';
import { useT, type translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { sendVerificationEmail } from '../api/send-verification-email';
import { doneClass, failureClass, primaryClass, rereadSettings, secondaryClass } from '../lib/reminders-ui';
import { Spinner } from './spinner';

const messages = defineMessages({
  confirm: {
    id: 'reminders.confirmEmail.confirm',
    message: 'Confirm your email address to get digests by email: open the link we sent to {email}.',
  },
  tooMany: {
    id: 'reminders.confirmEmail.tooMany',
    message: 'Too many links were asked for in a short time. Wait a few minutes, then send the link again.',
  },
  offline: {
    id: 'reminders.confirmEmail.offline',
    message: 'The link could not be sent: check your internet connection and try again.',
  },
  notSent: {
    id: 'reminders.confirmEmail.notSent',
    message: 'The link could not be sent. Please try again in a moment.',
  },
  sent: {
    id: 'reminders.confirmEmail.sent',
    message: 'We sent a new link to {email}. It may take a minute to arrive.',
  },
  notYet: {
    id: 'reminders.confirmEmail.notYet',
    message: 'Your address is not confirmed yet. Open the link we sent to {email}, then try again.',
  },
  sendAgain: { id: 'reminders.confirmEmail.sendAgain', message: 'Send the link again' },
  confirmed: { id: 'reminders.confirmEmail.confirmed', message: 'I have confirmed it' },
});

/** What the Email card says of an address nobody has proven yet. */
export const confirmSentence = (t: typeof translate, email: string) => t(messages.confirm, { email });

/** Why Firebase Auth did not send the link, in a sentence. */
function sendFailure(t: typeof translate, error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'auth/too-many-requests') return t(messages.tooMany);
  if (code === 'auth/network-request-failed') return t(messages.offline);
  return t(messages.notSent);
}

type Busy = 'send' | 'check' | null;

/** A sentence under the buttons: a link sent, an address still unproven, or a link not sent. */
type Result = { tone: 'done' | 'note' | 'failure'; text: string };
const noteClass = 'mt-3 text-sm font-medium text-slate-800 dark:text-slate-200';
const resultClass = { done: doneClass, note: noteClass, failure: failureClass } as const;

/**
 * An unproven address's two ways on: "Send the link again" (Firebase Auth's verification email)
 * and "I have confirmed it", which reads the settings again; once the server says the address is
 * proven, the card shows its usual buttons instead of these. `children` go in the same row (Turn
 * off email, for an older account that has email on). `onCheck` is told of each check, so the card
 * can move the focus to the button that takes this row's place.
 */
export function ConfirmEmail({
  email,
  onCheck,
  children,
}: {
  email: string;
  onCheck: () => void;
  children?: ReactNode;
}) {
  const [busy, setBusy] = useState<Busy>(null);
  const [result, setResult] = useState<Result | null>(null);
  const t = useT();

  const send = async () => {
    if (busy) return;
    setBusy('send');
    setResult(null);
    try {
      await sendVerificationEmail();
      setResult({ tone: 'done', text: t(messages.sent, { email }) });
    } catch (error) {
      setResult({ tone: 'failure', text: sendFailure(t, error) });
    } finally {
      setBusy(null);
    }
  };

  const check = async () => {
    if (busy) return;
    setBusy('check');
    setResult(null);
    onCheck();
    await rereadSettings();
    // Still here: the server still calls the address unproven (proven, this row is gone).
    setResult({ tone: 'note', text: t(messages.notYet, { email }) });
    setBusy(null);
  };

  return (
    <>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => void send()}
          aria-disabled={busy !== null || undefined}
          aria-busy={busy === 'send'}
          className={primaryClass}
        >
          {busy === 'send' && <Spinner />}
          {t(messages.sendAgain)}
        </button>
        <button
          type="button"
          onClick={() => void check()}
          aria-disabled={busy !== null || undefined}
          aria-busy={busy === 'check'}
          className={secondaryClass}
        >
          {busy === 'check' && <Spinner />}
          {t(messages.confirmed)}
        </button>
        {children}
      </div>
      {result && (
        <p role={result.tone === 'failure' ? 'alert' : 'status'} className={`${resultClass[result.tone]} break-words`}>
          {result.text}
        </p>
      )}
    </>
  );
}
