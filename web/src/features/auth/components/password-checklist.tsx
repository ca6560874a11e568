import { CheckIcon, CloseIcon } from '@/components/ui/icons';
import { checkPassword } from '../password-rules';

/** The live checklist under the register page's password. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} aria-label="Password requirements" className="mt-3 space-y-1 text-sm">
      {checkPassword(password).map((rule) => (
        <li
          key={rule.id}
          data-met={rule.met}
          className={`flex items-center gap-2 ${rule.met ? 'text-leaf-800 dark:text-leaf-50' : 'text-slate-700 dark:text-slate-300'}`}
        >
          {rule.met ? <CheckIcon size={16} /> : <CloseIcon size={16} />}
          {rule.label}
          <span className="sr-only">{rule.met ? '(met)' : '(not met yet)'}</span>
        </li>
      ))}
    </ul>
  );
}
