import { PlusIcon } from '@/components/ui/icons';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  passwordQuestion: { id: 'support.faq.password.question', message: 'How do I reset my password?' },
  passwordAnswer: {
    id: 'support.faq.password.answer',
    message:
      'Go to Login > Forgot Password, enter the email address of your account, and follow the link we send you to choose a new password.',
  },
  wateringQuestion: { id: 'support.faq.watering.question', message: 'How often should I water my plants?' },
  wateringAnswer: {
    id: 'support.faq.watering.answer',
    message:
      "Follow each plant's Next Watering Date. It comes from the watering frequency you set for the plant, so update the plant after you water it and the date moves on.",
  },
  healthQuestion: { id: 'support.faq.health.question', message: 'Why is my plant in poor health?' },
  healthAnswer: {
    id: 'support.faq.health.answer',
    message:
      'Poor health usually comes from missed waterings or from the environment: too little or too much light, cold draughts, dry air or pests. Check the watering dates first, then the spot the plant lives in.',
  },
});

const FAQS = [
  { key: 'password', question: messages.passwordQuestion, answer: messages.passwordAnswer },
  { key: 'watering', question: messages.wateringQuestion, answer: messages.wateringAnswer },
  { key: 'health', question: messages.healthQuestion, answer: messages.healthAnswer },
];

/** Support, FAQs tab: the three fixed questions. */
export function FaqList() {
  const t = useT();
  return (
    <div className="space-y-3">
      {FAQS.map((faq) => (
        <details
          key={faq.key}
          className="group rounded-xl border border-slate-200 bg-white open:shadow-md dark:border-slate-700 dark:bg-slate-900"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-semibold text-slate-900 dark:text-white [&::-webkit-details-marker]:hidden">
            {t(faq.question)}
            <PlusIcon className="shrink-0 text-leaf-700 transition-transform group-open:rotate-45 dark:text-mango-400" />
          </summary>
          <p className="px-5 pb-5 text-slate-700 dark:text-slate-300">{t(faq.answer)}</p>
        </details>
      ))}
    </div>
  );
}
