const buttonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold shadow-sm disabled:cursor-not-allowed disabled:opacity-70';
export const primaryClass = `${buttonClass} bg-leaf-700 text-white hover:bg-leaf-800`;
export const secondaryClass = `${buttonClass} bg-white text-slate-900 ring-1 ring-slate-400 hover:bg-slate-50 dark:bg-slate-950 dark:text-white dark:ring-slate-600 dark:hover:bg-slate-800`;
export const dangerClass = `${buttonClass} bg-white text-red-800 ring-1 ring-red-700 hover:bg-red-50 dark:bg-slate-950 dark:text-red-200 dark:ring-red-400 dark:hover:bg-red-950`;
export const cardClass =
  'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800';
export const checkboxLabelClass =
  'inline-flex items-start gap-2 text-sm font-medium break-words text-slate-800 dark:text-slate-200';
export const checkboxClass = 'mt-0.5 size-4 shrink-0 accent-leaf-700';
