import { useId, useState } from 'react';
import { GlobeIcon } from '@/components/ui/icons';
import { getAuthState } from '@/lib/auth';
import { chooseLanguage, useLanguage, useT } from '@/lib/i18n/i18n';
import { isLanguage, LANGUAGES, type Language } from '@/lib/i18n/languages';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  label: { id: 'language.label', message: 'Language' },
});

/**
 * The reader's language, as a native select (keyboard, screen readers and touch screens know it),
 * each language named in itself. `compact`, the header's: a globe and the language's code, the
 * select laid over them unseen, so it fits beside the account buttons; otherwise a labelled field
 * (Login, Register, the narrow header's menu).
 */
export function LanguageSwitcher({ compact = false, className = '' }: { compact?: boolean; className?: string }) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  // The choice shows at once, while its catalogue loads.
  const [pending, setPending] = useState<Language | null>(null);
  const shown = pending ?? language;
  const select = (
    <select
      id={id}
      value={shown}
      aria-label={compact ? t(messages.label) : undefined}
      onChange={(event) => {
        const next = event.target.value;
        if (!isLanguage(next)) return;
        setPending(next);
        void chooseLanguage(next).finally(() => setPending(null));
        // Signed in, it is the account's language too: their digests and calendar feed speak it.
        if (getAuthState().user)
          void import('@/lib/i18n/account-language').then(({ saveAccountLanguage }) => saveAccountLanguage(next));
      }}
      className={
        compact
          ? 'absolute inset-0 cursor-pointer opacity-0 dark:[color-scheme:dark]'
          : 'w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:[color-scheme:dark]'
      }
    >
      {LANGUAGES.map(({ code, name }) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </select>
  );
  if (compact)
    return (
      <div
        className={`relative flex h-9 shrink-0 items-center gap-1 rounded-lg px-2 text-sm font-semibold uppercase text-slate-700 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-leaf-700 hover:bg-slate-100 dark:text-mango-100 dark:hover:bg-slate-800 ${className}`}
      >
        <GlobeIcon size={18} />
        <span aria-hidden="true">{shown}</span>
        {select}
      </div>
    );
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {t(messages.label)}
      </label>
      {select}
    </div>
  );
}
