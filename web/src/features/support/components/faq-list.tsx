import { PlusIcon } from '@/components/ui/icons';

const FAQS = [
  {
    question: 'How do I reset my password?',
    answer:
      'Go to Login > Forgot Password, enter the email address of your account, and follow the link we send you to choose a new password.',
  },
  {
    question: 'How often should I water my plants?',
    answer:
      "Follow each plant's Next Watering Date. It comes from the watering frequency you set for the plant, so update the plant after you water it and the date moves on.",
  },
  {
    question: 'Why is my plant in poor health?',
    answer:
      'Poor health usually comes from missed waterings or from the environment: too little or too much light, cold draughts, dry air or pests. Check the watering dates first, then the spot the plant lives in.',
  },
];

/** Support, FAQs tab: the three fixed questions. */
export function FaqList() {
  return (
    <div className="space-y-3">
      {FAQS.map((faq) => (
        <details
          key={faq.question}
          className="group rounded-xl border border-slate-200 bg-white open:shadow-md dark:border-slate-700 dark:bg-slate-900"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-semibold text-slate-900 dark:text-white [&::-webkit-details-marker]:hidden">
            {faq.question}
            <PlusIcon className="shrink-0 text-leaf-700 transition-transform group-open:rotate-45 dark:text-mango-400" />
          </summary>
          <p className="px-5 pb-5 text-slate-700 dark:text-slate-300">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}
