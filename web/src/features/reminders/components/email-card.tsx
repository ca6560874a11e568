import type { ReminderSettings } from '@model/reminders';
import { useId, useState } from 'react';
import {
  cardClass,
  failureClass,
  headingClass,
  primaryClass,
  secondaryClass,
  stateClass,
  useSaveSettings,
} from '../lib/reminders-ui';
import { Spinner } from './spinner';

/** Email digests on or off, and the account's address they go to (read only: it is the sign-in address). */
export function EmailCard({ settings }: { settings: ReminderSettings }) {
  const headingId = useId();
  const save = useSaveSettings();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { email } = settings;
  const on = settings.channels.email;

  const turn = async (next: boolean) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    const failed = await save(
      { channels: { email: next } },
      `Email digests could not be turned ${next ? 'on' : 'off'}. Please try again.`,
    );
    setFailure(failed?.message ?? null);
    setBusy(false);
  };

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={headingClass}>
        Email
      </h2>
      <p role="status" className={`${stateClass} break-words`}>
        {!email
          ? 'Your account has no email address, so your digest cannot come by email.'
          : on
            ? `Email digests go to ${email}.`
            : `Email digests are off. They would go to ${email}.`}
      </p>
      {email && (
        <div className="mt-4">
          <button
            type="button"
            onClick={() => void turn(!on)}
            aria-disabled={busy || undefined}
            aria-busy={busy}
            className={on ? secondaryClass : primaryClass}
          >
            {busy && <Spinner />}
            {on ? 'Turn off email' : 'Turn on email'}
          </button>
        </div>
      )}
      {failure && (
        <p role="alert" className={failureClass}>
          {failure}
        </p>
      )}
    </section>
  );
}
