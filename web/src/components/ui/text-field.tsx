import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The field's error sentence, shown under it and announced with it. */
  error?: string;
  /** Ids of more elements that describe the field (a checklist, a hint). */
  describedBy?: string;
  children?: ReactNode;
}

export const inputClass =
  'w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 disabled:opacity-60 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400';

/**
 * A labelled input for react-hook-form (`{...register('email')}` spreads into it): the label is
 * tied to the input, and an error sits beside the field and in its description.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, describedBy, id, className = '', children, ...props },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const description = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={description}
        className={`${inputClass} ${error ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-slate-600'}`}
        {...props}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {children}
    </div>
  );
});
