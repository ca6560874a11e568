import type { ReactNode } from 'react';

/** A dashboard page's title, a line under it, and room for an action on the right. */
export function PageHeader({ title, lead, action }: { title: string; lead?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {title}
        </h1>
        {lead && <p className="mt-1 text-slate-700 dark:text-slate-300">{lead}</p>}
      </div>
      {action}
    </div>
  );
}
