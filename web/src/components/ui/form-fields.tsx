import {
  useId,
  type Ref,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/*
 * The app's form controls, for react-hook-form (`{...register('name')}` spreads into each): the
 * label is tied to the control, and an error sits under it, in its description and in
 * aria-invalid. Forms use noValidate, so `required` only tells assistive technology.
 */

export const inputClass =
  'w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 disabled:opacity-60 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400';

export const labelClass = 'mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-200';

const errorBorderClass = 'border-red-600 dark:border-red-400';
const plainBorderClass = 'border-slate-400 dark:border-slate-600';
export const borderClass = (error?: string) => (error ? errorBorderClass : plainBorderClass);

interface FieldProps {
  label: string;
  /** The field's error sentence, shown under it and announced with it. */
  error?: string;
  /** Ids of more elements that describe the field (a checklist, a hint). */
  describedBy?: string;
  /** A visible asterisk, for forms where only some fields are required. */
  requiredMark?: boolean;
}

function useField(id: string | undefined, error: string | undefined, describedBy: string | undefined) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const errorId = `${fieldId}-error`;
  return {
    fieldId,
    errorId,
    control: {
      id: fieldId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [error ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined,
      className: `${inputClass} ${borderClass(error)}`,
    },
  };
}

function FieldFrame({
  fieldId,
  errorId,
  label,
  error,
  requiredMark,
  className = '',
  children,
  after,
}: FieldProps & { fieldId: string; errorId: string; className?: string; children: ReactNode; after?: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
        {requiredMark && (
          <span aria-hidden="true" className="text-red-700 dark:text-red-300">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {after}
    </div>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, FieldProps {
  /** Shown after the input and its error (a hint, a checklist). */
  children?: ReactNode;
}

export function TextField({
  label,
  error,
  describedBy,
  requiredMark,
  id,
  className,
  children,
  ref,
  ...props
}: TextFieldProps & { ref?: Ref<HTMLInputElement> }) {
  const { fieldId, errorId, control } = useField(id, error, describedBy);
  return (
    <FieldFrame
      fieldId={fieldId}
      errorId={errorId}
      label={label}
      error={error}
      requiredMark={requiredMark}
      className={className}
      after={children}
    >
      <input ref={ref} {...control} {...props} />
    </FieldFrame>
  );
}

type SelectOption = string | { value: string; label: string };

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldProps {
  options: readonly SelectOption[];
  /** A first, empty choice ('Choose a category'); it cannot be submitted when the field is required. */
  placeholder?: string;
}

export function SelectField({
  label,
  error,
  describedBy,
  requiredMark,
  options,
  placeholder,
  id,
  className,
  ref,
  ...props
}: SelectFieldProps & { ref?: Ref<HTMLSelectElement> }) {
  const { fieldId, errorId, control } = useField(id, error, describedBy);
  return (
    <FieldFrame
      fieldId={fieldId}
      errorId={errorId}
      label={label}
      error={error}
      requiredMark={requiredMark}
      className={className}
    >
      <select ref={ref} {...control} {...props}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => {
          const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldProps {}

export function TextAreaField({
  label,
  error,
  describedBy,
  requiredMark,
  id,
  className,
  ref,
  ...props
}: TextAreaFieldProps & { ref?: Ref<HTMLTextAreaElement> }) {
  const { fieldId, errorId, control } = useField(id, error, describedBy);
  return (
    <FieldFrame
      fieldId={fieldId}
      errorId={errorId}
      label={label}
      error={error}
      requiredMark={requiredMark}
      className={className}
    >
      <textarea ref={ref} {...control} {...props} />
    </FieldFrame>
  );
}

export const submitButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-leaf-700 px-5 py-3 font-semibold text-white transition-colors hover:bg-leaf-800 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto';

/** A small spinner for busy buttons (decorative: the button's text says what is happening). */
export function ButtonSpinner() {
  return (
    <span
      aria-hidden="true"
      className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent motion-reduce:animate-none"
    />
  );
}
