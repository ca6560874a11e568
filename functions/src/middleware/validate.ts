import type { z } from 'zod';
import { HttpError, type FieldErrors } from '../lib/http-error';

/** Parses input with a shared schema, or throws a 400 that names every bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    // A field that is not part of the input at all is named as itself.
    const keys =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => [...issue.path, key].join('.'))
        : [issue.path.length ? issue.path.join('.') : '_'];
    for (const key of keys) fields[key] ??= issue.message;
  }
  const message =
    Object.keys(fields).length === 1
      ? Object.values(fields)[0]!
      : `Please correct ${Object.keys(fields).length} fields: ${Object.values(fields).join(' ')}`;
  throw new HttpError(400, 'invalid_input', message, fields);
}
