import { SupportTabs } from '@/features/support/components/support-tabs';

export function Component() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl dark:text-white">Support</h1>
      <p className="mb-8 mt-3 text-slate-700 dark:text-slate-300">
        Answers to common questions, and a place to tell us what you think.
      </p>
      <SupportTabs />
    </div>
  );
}
