import { useId, useState } from 'react';
import { ButtonSpinner } from '@/components/ui/form-fields';
import { useApiError } from '@/lib/use-api-error';
import { sendTestDigest, type TestDigestSent } from '../api/send-test-digest';
import { cardClass, doneClass, failureClass, headingClass, primaryClass } from '../lib/reminders-ui';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a test reached, in words. */
function sentSentence({ push, email }: TestDigestSent): string {
  const reached = [
    push > 0 && count(push, 'notification', 'notifications'),
    email > 0 && count(email, 'email', 'emails'),
  ].filter(Boolean);
  if (reached.length === 0)
    return 'The test could not be delivered: no browser or mail server took it. Turn notifications on again in this browser, or try again later.';
  return `A test digest was sent: ${reached.join(' and ')}. It lists what needs care today.`;
}

/**
 * "Send a test": today's digest now, to the reminders that are on; the server refuses with a
 * sentence when none is on (409) and past 5 an hour (429), which is shown as it is.
 */
export function TestDigest() {
  const headingId = useId();
  const handleApiError = useApiError();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const send = async () => {
    if (busy) return;
    setBusy(true);
    setResult(null);
    try {
      setResult({ ok: true, text: sentSentence(await sendTestDigest()) });
    } catch (error) {
      const message = handleApiError(error, 'The test could not be sent. Please try again.');
      setResult(message ? { ok: false, text: message } : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={headingClass}>
        Try it
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Sends today&apos;s digest now to the reminders that are on, so you can see how it looks.
      </p>
      <div className="mt-4">
        <button
          type="button"
          onClick={() => void send()}
          aria-disabled={busy || undefined}
          aria-busy={busy}
          className={primaryClass}
        >
          {busy && <ButtonSpinner />}
          {busy ? 'Sending...' : 'Send a test'}
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
