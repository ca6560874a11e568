import type { ReactNode } from 'react';

/** The frame of the Add Plant and Update Plant screens: one h1, a lead, the form in a card. */
export function FormPage({
  title,
  lead,
  children,
  before,
}: {
  title: string;
  lead: string;
  children: ReactNode;
  before?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      {before}
      <div className="rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:ring-slate-800">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{title}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{lead}</p>
        <div className="mt-8">{children}</div>
      </div>
    </div>
  );
}
