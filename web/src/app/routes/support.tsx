import { SupportTabs } from '@/features/support/components/support-tabs';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  title: { id: 'routes.support.title', message: 'Support' },
  lead: { id: 'routes.support.lead', message: 'Answers to common questions, and a place to tell us what you think.' },
});

export function Component() {
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl dark:text-white">{t(messages.title)}</h1>
      <p className="mb-8 mt-3 text-slate-700 dark:text-slate-300">{t(messages.lead)}</p>
      <SupportTabs />
    </div>
  );
}
