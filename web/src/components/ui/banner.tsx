import type { ReactNode } from 'react';

const errorClass = 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100';
const successClass = 'border-leaf-600 bg-leaf-50 text-leaf-900 dark:border-leaf-700 dark:bg-leaf-900 dark:text-leaf-50';
const TONES = { error: errorClass, success: successClass } as const;

/** A message box above a form: errors are alerts (announced at once), successes are statuses. */
export function Banner({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${TONES[tone]}`}
    >
      {children}
    </div>
  );
}
