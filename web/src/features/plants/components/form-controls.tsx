import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { inputClass } from '@/components/ui/text-field';

/*
 * A select and a textarea that behave like components/ui TextField: the label tied to the
 * control, the error beside it and in its description, aria-invalid while it is wrong.
 */

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: ReactNode;
}

function FieldFrame({ id, label, error, className = '', children }: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

const borderClass = (error?: string) => (error ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-slate-600');

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  options: readonly string[];
  /** The first, empty option ('Choose a category'); it cannot be submitted when the field is required. */
  placeholder?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, options, placeholder, id, className, ...props },
  ref,
) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <FieldFrame id={selectId} label={label} error={error} className={className}>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={`${inputClass} ${borderClass(error)}`}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
});

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, id, className, ...props },
  ref,
) {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  return (
    <FieldFrame id={textareaId} label={label} error={error} className={className}>
      <textarea
        ref={ref}
        id={textareaId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${textareaId}-error` : undefined}
        className={`${inputClass} ${borderClass(error)}`}
        {...props}
      />
    </FieldFrame>
  );
});

export const submitButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-leaf-700 px-5 py-3 font-semibold text-white transition-colors hover:bg-leaf-800 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto';

/** A small spinner for busy buttons (decorative: the button's text says what is happening). */
export function ButtonSpinner() {
  return <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent motion-reduce:animate-none" />;
}
