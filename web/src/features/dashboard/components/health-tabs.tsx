import { useRef, type KeyboardEvent } from 'react';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { HEALTH_FILTERS, type HealthFilter } from '../lib/health-filter';

export interface HealthTabsProps {
  value: HealthFilter;
  onChange: (filter: HealthFilter) => void;
  /** The id of the tab panel the tabs control. */
  panelId: string;
  idPrefix: string;
}

const messages = defineMessages({
  label: { id: 'dashboard.health.label', message: 'Filter by health' },
});

export const tabId = (prefix: string, filter: HealthFilter) => `${prefix}-tab-${filter}`;

/**
 * My Items' All / Healthy / Needs Care filter as a WAI-ARIA tablist: one Tab stop, arrow keys
 * (and Home/End) move between the tabs and select them.
 */
export function HealthTabs({ value, onChange, panelId, idPrefix }: HealthTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const t = useT();

  const onKeyDown = (event: KeyboardEvent) => {
    const index = HEALTH_FILTERS.findIndex((filter) => filter.id === value);
    const last = HEALTH_FILTERS.length - 1;
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const filter = HEALTH_FILTERS[next]!.id;
    onChange(filter);
    list.current?.querySelector<HTMLElement>(`#${tabId(idPrefix, filter)}`)?.focus();
  };

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={t(messages.label)}
      onKeyDown={onKeyDown}
      className="inline-flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
    >
      {HEALTH_FILTERS.map((filter) => {
        const selected = filter.id === value;
        return (
          <button
            key={filter.id}
            id={tabId(idPrefix, filter.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(filter.id)}
            className={`rounded-lg px-4 py-1.5 text-sm font-semibold transition-colors ${
              selected
                ? 'bg-white text-leaf-800 shadow-sm dark:bg-slate-950 dark:text-leaf-50'
                : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
            }`}
          >
            {t(filter.label)}
          </button>
        );
      })}
    </div>
  );
}
