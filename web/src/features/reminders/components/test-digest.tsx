import { useId, useState } from 'react';
import { ButtonSpinner } from '@/components/ui/form-fields';
import { useT, type translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { useApiError } from '@/lib/use-api-error';
import { sendTestDigest, type TestDigestSent } from '../api/send-test-digest';
import { cardClass, doneClass, failureClass, headingClass, knownRefusal, primaryClass } from '../lib/reminders-ui';

const messages = defineMessages({
  notDelivered: {
    id: 'reminders.test.notDelivered',
    message:
      'The test could not be delivered: no browser or mail server took it. Turn notifications on again in this browser, or try again later.',
  },
  sentBoth: {
    id: 'reminders.test.sentBoth',
    message:
      'A test digest was sent: {push, plural, one {# notification} other {# notifications}} and {email, plural, one {# email} other {# emails}}. It lists what needs care today.',
  },
  sentPush: {
    id: 'reminders.test.sentPush',
    message:
      'A test digest was sent: {push, plural, one {# notification} other {# notifications}}. It lists what needs care today.',
  },
  sentEmail: {
    id: 'reminders.test.sentEmail',
    message: 'A test digest was sent: {email, plural, one {# email} other {# emails}}. It lists what needs care today.',
  },
  notSent: { id: 'reminders.test.notSent', message: 'The test could not be sent. Please try again.' },
  heading: { id: 'reminders.test.heading', message: 'Try it' },
  lead: {
    id: 'reminders.test.lead',
    message: "Sends today's digest now to the reminders that are on, so you can see how it looks.",
  },
  sending: { id: 'reminders.test.sending', message: 'Sending...' },
  send: { id: 'reminders.test.send', message: 'Send a test' },
});

/** What a test reached, in words. */
function sentSentence(t: typeof translate, { push, email }: TestDigestSent): string {
  if (push > 0 && email > 0) return t(messages.sentBoth, { push, email });
  if (push > 0) return t(messages.sentPush, { push });
  if (email > 0) return t(messages.sentEmail, { email });
  return t(messages.notDelivered);
}

/**
 * "Send a test": today's digest now, to the reminders that are on; the server refuses with a
 * sentence when none is on (409, ours for its code) and past 5 an hour (429, the server's, which
 * alone knows how long to wait). `email`: the account's address, which a refusal may name.
 */
export function TestDigest({ email }: { email: string | null }) {
  const headingId = useId();
  const t = useT();
  const handleApiError = useApiError();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const send = async () => {
    if (busy) return;
    setBusy(true);
    setResult(null);
    try {
      setResult({ ok: true, text: sentSentence(t, await sendTestDigest()) });
    } catch (error) {
      const message = knownRefusal(error, email) ?? handleApiError(error, t(messages.notSent));
      setResult(message ? { ok: false, text: message } : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={headingClass}>
        {t(messages.heading)}
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{t(messages.lead)}</p>
      <div className="mt-4">
        <button
          type="button"
          onClick={() => void send()}
          aria-disabled={busy || undefined}
          aria-busy={busy}
          className={primaryClass}
        >
          {busy && <ButtonSpinner />}
          {t(busy ? messages.sending : messages.send)}
        </button>
      </div>
      {result &&
        (result.ok ? (
          <p role="status" className={doneClass}>
            {result.text}
          </p>
        ) : (
          <p role="alert" className={failureClass}>
            {result.text}
          </p>
        ))}
    </section>
  );
}
