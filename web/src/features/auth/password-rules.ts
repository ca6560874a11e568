import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  length: { id: 'password.length', message: 'At least 6 characters' },
  upper: { id: 'password.upper', message: 'Contains uppercase letter' },
  lower: { id: 'password.lower', message: 'Contains lowercase letter' },
  weak: { id: 'password.weak', message: 'Password does not meet all requirements' },
});

/** The register page's password rules, shown live as a checklist. */
const PASSWORD_RULES = [
  { id: 'length', label: messages.length, test: (password: string) => password.length >= 6 },
  { id: 'upper', label: messages.upper, test: (password: string) => /\p{Lu}/u.test(password) },
  { id: 'lower', label: messages.lower, test: (password: string) => /\p{Ll}/u.test(password) },
] as const;

export const WEAK_PASSWORD_MESSAGE = messages.weak;

/** Each rule, its label in the app's language, and whether `password` meets it. */
export function checkPassword(password: string) {
  return PASSWORD_RULES.map((rule) => ({ id: rule.id, label: translate(rule.label), met: rule.test(password) }));
}

export function isStrongPassword(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}
