import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { formatCount } from '@/lib/text';

const messages = defineMessages({
  total: { id: 'dashboard.summary.total', message: 'Total Plants' },
  healthy: { id: 'dashboard.summary.healthy', message: 'Healthy Plants' },
  needsAttention: { id: 'dashboard.summary.needsAttention', message: 'Needs Attention' },
});

/** My Items' three summary cards, counted over all of the user's plants (not the current tab); placeholders until known. */
export function SummaryCards({ counts }: { counts?: { total: number; healthy: number } }) {
  const t = useT();
  const cards = [
    { label: messages.total, value: counts?.total, className: 'text-slate-900 dark:text-white' },
    { label: messages.healthy, value: counts?.healthy, className: 'text-green-800 dark:text-green-300' },
    {
      label: messages.needsAttention,
      value: counts && counts.total - counts.healthy,
      className: 'text-amber-800 dark:text-amber-300',
    },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-4">
      {cards.map((card) => (
        <div
          key={card.label.id}
          className="flex flex-col justify-between rounded-2xl bg-white p-3 shadow-sm sm:p-5 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
        >
          <dt className="text-xs font-semibold text-slate-700 sm:text-sm dark:text-slate-300">{t(card.label)}</dt>
          <dd className={`mt-1 flex h-9 items-center text-2xl font-bold sm:text-3xl ${card.className}`}>
            {card.value !== undefined ? (
              formatCount(card.value)
            ) : (
              <span
                aria-hidden="true"
                className="h-7 w-10 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800"
              />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
