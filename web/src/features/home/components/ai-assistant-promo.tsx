import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  badge: { id: 'home.assistant.badge', message: 'AI Powered' },
  title: { id: 'home.assistant.title', message: 'Your Personal Plant Care Assistant' },
  lead: {
    id: 'home.assistant.lead',
    message: 'A smart helper that knows your plants, coming soon to Mango Grove Tracker.',
  },
  diagnosisTitle: { id: 'home.assistant.diagnosis.title', message: 'Smart Diagnosis' },
  diagnosisText: {
    id: 'home.assistant.diagnosis.text',
    message: 'Describe a yellow leaf or a drooping stem and learn the likely cause.',
  },
  schedulesTitle: { id: 'home.assistant.schedules.title', message: 'Custom Schedules' },
  schedulesText: {
    id: 'home.assistant.schedules.text',
    message: 'Watering and feeding plans tuned to each plant, season and room.',
  },
  answersTitle: { id: 'home.assistant.answers.title', message: 'Instant Answers' },
  answersText: {
    id: 'home.assistant.answers.text',
    message: 'Ask any plant question and get a clear answer in seconds.',
  },
  example: { id: 'home.assistant.example', message: 'Example conversation with the assistant' },
  assistant: { id: 'home.assistant.name', message: 'Plant Assistant' },
  question: { id: 'home.assistant.question', message: 'My pothos has yellow leaves. What am I doing wrong?' },
  answer: {
    id: 'home.assistant.answer',
    message:
      'Yellow lower leaves on a pothos usually mean too much water. Let the top inch of soil dry out before watering, and make sure the pot drains freely.',
  },
});

const FEATURES = [
  { emoji: '🔍', title: messages.diagnosisTitle, text: messages.diagnosisText },
  { emoji: '📅', title: messages.schedulesTitle, text: messages.schedulesText },
  { emoji: '⚡', title: messages.answersTitle, text: messages.answersText },
];

/**
 * Home, section 4: the AI assistant promo. It is a static mock with no function, so it
 * offers no control a visitor could press and expect something from.
 */
export function AiAssistantPromo() {
  const t = useT();
  return (
    <section aria-labelledby="ai-promo-title" className="bg-leaf-900 py-16 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 lg:grid-cols-2">
        <div>
          <p className="inline-block rounded-full bg-mango-400 px-3 py-1 text-sm font-bold text-slate-900">
            {t(messages.badge)}
          </p>
          <h2 id="ai-promo-title" className="mt-4 text-3xl font-bold sm:text-4xl">
            {t(messages.title)}
          </h2>
          <p className="mt-3 text-leaf-50">{t(messages.lead)}</p>
          <ul className="mt-8 space-y-5">
            {FEATURES.map((feature) => (
              <li key={feature.emoji} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/10 text-xl"
                >
                  {feature.emoji}
                </span>
                <div>
                  <h3 className="font-semibold">{t(feature.title)}</h3>
                  <p className="text-sm text-leaf-50">{t(feature.text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <figure
          className="rounded-2xl bg-white p-5 text-slate-900 shadow-2xl dark:bg-slate-900 dark:text-slate-100"
          aria-label={t(messages.example)}
        >
          <div className="mb-4 flex items-center gap-2 border-b border-slate-200 pb-3 dark:border-slate-700">
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-full bg-leaf-700 text-white"
            >
              🌿
            </span>
            <span className="font-semibold">{t(messages.assistant)}</span>
          </div>
          <div className="space-y-3 text-sm">
            <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-leaf-700 px-4 py-2 text-white">
              {t(messages.question)}
            </p>
            <p className="w-fit max-w-[85%] rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-2 dark:bg-slate-800">
              {t(messages.answer)}
            </p>
          </div>
        </figure>
      </div>
    </section>
  );
}
