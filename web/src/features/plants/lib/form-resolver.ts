import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

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
 * zodResolver for a form whose inputs all hold text. The schema decides what is valid and what
 * the submit handler receives; the form's value type is wider than the schema's input type
 * because a select starts at '' before the user picks one of the schema's options.
 */
export function formResolver<Input extends FieldValues, Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
): Resolver<Input, unknown, z.output<Schema>> {
  const resolve = zodResolver(schema) as unknown as Resolver<FieldValues, unknown, z.output<Schema>>;
  return ((values, context, options) => resolve(blanksToUndefined(values), context, options as never)) as Resolver<
    Input,
    unknown,
    z.output<Schema>
  >;
}
