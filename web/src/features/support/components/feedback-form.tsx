import { useEffect, useId, useState, type FormEvent } from 'react';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { preloadToasts, toast } from '@/lib/toast';

const messages = defineMessages({
  empty: { id: 'support.feedback.empty', message: 'Please write something before submitting.' },
  thanks: { id: 'support.feedback.thanks', message: 'Thank you for your feedback!' },
  label: { id: 'support.feedback.label', message: 'Share your thoughts or issues:' },
  submit: { id: 'support.feedback.submit', message: 'Submit Feedback' },
});

/**
 * Support, Feedback tab: blank text gets an error toast; anything else
 * a thank-you toast and an empty box. Nothing is sent to a server.
 */
export function FeedbackForm() {
  const [text, setText] = useState('');
  const id = useId();
  const t = useT();
  // The first toast should not wait for the library to download.
  useEffect(preloadToasts, []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') {
      void toast.error(t(messages.empty));
      return;
    }
    void toast.success(t(messages.thanks));
    setText('');
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <label htmlFor={id} className="block font-semibold text-slate-900 dark:text-white">
        {t(messages.label)}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={6}
        maxLength={2000}
        className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
      />
      <button
        type="submit"
        className="rounded-lg bg-leaf-700 px-5 py-2.5 font-semibold text-white transition-colors hover:bg-leaf-800"
      >
        {t(messages.submit)}
      </button>
    </form>
  );
}
