/** The register page's password rules, shown live as a checklist. */
const PASSWORD_RULES = [
  { id: 'length', label: 'At least 6 characters', test: (password: string) => password.length >= 6 },
  { id: 'upper', label: 'Contains uppercase letter', test: (password: string) => /\p{Lu}/u.test(password) },
  { id: 'lower', label: 'Contains lowercase letter', test: (password: string) => /\p{Ll}/u.test(password) },
] as const;

export const WEAK_PASSWORD_MESSAGE = 'Password does not meet all requirements';

export function checkPassword(password: string) {
  return PASSWORD_RULES.map((rule) => ({ id: rule.id, label: rule.label, met: rule.test(password) }));
}

export function isStrongPassword(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}
