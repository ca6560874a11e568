import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { fieldMessage, problemOfIssue } from './field-messages';

/** Blank inputs count as "not given", so an empty required field says "... is required." */
function blanksToUndefined(values: FieldValues): FieldValues {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' && value.trim() === '' ? undefined : value,
    ]),
  );
}

/**
 * A resolver for a form whose inputs all hold text, checked with one of the model's schemas. The
 * schema decides what is valid and what the submit handler receives; the form's value type is
 * wider than the schema's input type because a select starts at '' before the user picks one of
 * the schema's options. Each field's first problem is said in the web's own sentence, in the app's
 * language (field-messages.ts), else in the model's: it is @hookform/resolvers' zodResolver, with
 * the issue (and the input it reports) at hand to choose the sentence.
 */
export function formResolver<Input extends FieldValues, Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
): Resolver<Input, unknown, z.output<Schema>> {
  return (async (values, _context, options) => {
    const result = await schema.safeParseAsync(blanksToUndefined(values), { reportInput: true });
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (errors[path]) continue;
      const problem = problemOfIssue(path, issue);
      errors[path] = { type: issue.code, message: (problem && fieldMessage(path, problem)) ?? issue.message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  }) as Resolver<Input, unknown, z.output<Schema>>;
}
