import { useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { FaqList } from './faq-list';
import { FeedbackForm } from './feedback-form';

const messages = defineMessages({
  label: { id: 'support.tabs.label', message: 'Support' },
  faqs: { id: 'support.tabs.faqs', message: 'FAQs' },
  feedback: { id: 'support.tabs.feedback', message: 'Feedback' },
});

const TABS = [
  { id: 'faqs', label: messages.faqs, Panel: FaqList },
  { id: 'feedback', label: messages.feedback, Panel: FeedbackForm },
] as const;

/**
 * The WAI-ARIA tabs pattern: one tab stop for the tab list, arrow keys (and Home/End) move
 * between tabs and select them.
 */
export function SupportTabs() {
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const t = useT();

  function select(index: number) {
    const next = (index + TABS.length) % TABS.length;
    setSelected(next);
    tabs.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={t(messages.label)}
        onKeyDown={onKeyDown}
        className="mb-6 flex gap-2 border-b border-slate-300 dark:border-slate-700"
      >
        {TABS.map((tab, i) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabs.current[i] = element;
            }}
            type="button"
            role="tab"
            id={`support-tab-${tab.id}`}
            aria-selected={i === selected}
            aria-controls={`support-panel-${tab.id}`}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => setSelected(i)}
            className={`-mb-px rounded-t-lg border-b-4 px-5 py-3 font-semibold transition-colors ${
              i === selected
                ? 'border-leaf-700 text-leaf-800 dark:border-mango-400 dark:text-mango-400'
                : 'border-transparent text-slate-700 hover:text-leaf-800 dark:text-slate-300 dark:hover:text-white'
            }`}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      {TABS.map(({ id, Panel }, i) => (
        <div
          key={id}
          role="tabpanel"
          id={`support-panel-${id}`}
          aria-labelledby={`support-tab-${id}`}
          hidden={i !== selected}
        >
          <Panel />
        </div>
      ))}
    </div>
  );
}
