import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { serverFieldMessage } from './field-messages';

/**
 * Puts the server's per-field errors (400 invalid_input `fields`) beside the fields of the form
 * that sent them, each in the web's own sentence where it has one (field-messages.ts). Returns how
 * many landed on a field; keys the form has no field for are ignored (the banner says them).
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
): number {
  if (!(error instanceof ApiError) || !error.fields) return 0;
  let applied = 0;
  let first = true;
  for (const name of fieldNames) {
    const message = error.fields[name];
    if (!message) continue;
    setError(name, { type: 'server', message: serverFieldMessage(name, message) }, { shouldFocus: first });
    first = false;
    applied += 1;
  }
  return applied;
}
