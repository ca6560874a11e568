import type { ReactNode } from 'react';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  emailRequired: { id: 'auth.email.required', message: 'Please enter your email address.' },
  emailInvalid: { id: 'auth.email.invalid', message: 'Enter an email address like name@example.com.' },
});

/** The frame around the login and register forms, with the language switcher under them. */
export function AuthCard({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:ring-slate-800">
        <h1 className="text-center text-3xl font-bold text-slate-900 dark:text-white">{title}</h1>
        <p className="mt-2 text-center text-slate-700 dark:text-slate-300">{lead}</p>
        <div className="mt-8">{children}</div>
        <LanguageSwitcher className="mx-auto mt-8 max-w-48" />
      </div>
    </div>
  );
}

export const primaryButtonClass =
  'flex w-full items-center justify-center gap-2 rounded-lg bg-leaf-700 px-4 py-3 font-semibold text-white transition-colors hover:bg-leaf-800 disabled:cursor-not-allowed disabled:opacity-70';
export const secondaryButtonClass =
  'flex w-full items-center justify-center gap-3 rounded-lg border border-slate-400 bg-white px-4 py-3 font-semibold text-slate-800 transition-colors hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:hover:bg-slate-800';
export const textLinkClass =
  'rounded font-semibold text-leaf-800 underline underline-offset-4 hover:text-leaf-900 dark:text-mango-400 dark:hover:text-mango-100';

/**
 * The Email field's rules on both forms (react-hook-form register options), their sentences in
 * the app's language when the form is drawn.
 */
export const emailRules = () => ({
  required: translate(messages.emailRequired),
  pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: translate(messages.emailInvalid) },
});
