import { CheckIcon, CloseIcon } from '@/components/ui/icons';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { checkPassword } from '../password-rules';

const messages = defineMessages({
  label: { id: 'password.requirements', message: 'Password requirements' },
  met: { id: 'password.met', message: '(met)' },
  notMet: { id: 'password.notMet', message: '(not met yet)' },
});

/** The live checklist under the register page's password. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const t = useT();
  return (
    <ul id={id} aria-label={t(messages.label)} className="mt-3 space-y-1 text-sm">
      {checkPassword(password).map((rule) => (
        <li
          key={rule.id}
          data-met={rule.met}
          className={`flex items-center gap-2 ${rule.met ? 'text-leaf-800 dark:text-leaf-50' : 'text-slate-700 dark:text-slate-300'}`}
        >
          {rule.met ? <CheckIcon size={16} /> : <CloseIcon size={16} />}
          {rule.label}
          <span className="sr-only">{t(rule.met ? messages.met : messages.notMet)}</span>
        </li>
      ))}
    </ul>
  );
}
