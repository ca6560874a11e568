import { AsyncLocalStorage } from 'node:async_hooks';
import { logger } from 'firebase-functions/logger';

/*
 * The function's log lines, as JSON that Cloud Logging parses (through firebase-functions'
 * logger, which also adds `logging.googleapis.com/trace` from the trace header of the request or
 * task it runs in). Every line carries the ids of the work it was written in: a request's
 * `requestId` (lib/request-log.ts), a task's own. Lines hold no personal data: no address, name,
 * uid, token, body or query string; plant ids and other random ids are fine.
 */

/** Fields every line written inside `withLogContext` carries: ids only, never a uid or an address. */
export type LogContext = Readonly<Record<string, string>>;

/** An error as a line carries it (errorFields). */
export interface ErrorFields {
  name: string;
  message: string;
  code?: string | number;
  stack?: string;
}

/** A line's own fields. `error` is written as `{ name, code, message }`, its stack as `stack_trace`. */
export type LogFields = { error?: ErrorFields } & Record<string, unknown>;

const context = new AsyncLocalStorage<LogContext>();

/**
 * Runs `work` with `fields` on every line it writes, inside the context it runs in (a task run
 * inside a request keeps the request's id): `withLogContext({ task: 'sendDigest', taskId }, work)`.
 */
export function withLogContext<T>(fields: LogContext, work: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, work);
}

// Not an email address anywhere in a logged error, whatever threw it.
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
const maskEmails = (text: string) => text.replace(EMAIL, '[email]');

/**
 * What a line may say of an error: its name, code, message and stack, never its other properties
 * (a mail or HTTP client's error holds the request, its recipients, the response). An email
 * address in the message or stack is masked, but that is a last guard: an error whose message
 * may name a person (an SMTP server's answer) must not be passed here; log its code instead.
 */
export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { name: 'NonError', message: `A ${typeof error} was thrown, not an Error.` };
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: maskEmails(error.message),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(error.stack ? { stack: maskEmails(error.stack) } : {}),
  };
}

function entry({ error, ...fields }: LogFields = {}): Record<string, unknown> {
  return {
    ...fields,
    ...(error && {
      error: { name: error.name, code: error.code, message: error.message },
      // Error Reporting takes `stack_trace` before `message` (which the SDK fills, at ERROR, with
      // the stack of the log call itself), so an error is grouped by where it was thrown.
      stack_trace: error.stack,
    }),
    ...context.getStore(),
  };
}

/** Lines at INFO, WARNING and ERROR, with the context's ids: `log.error('What failed', { plantId, error: errorFields(e) })`. */
export const log = {
  info: (message: string, fields?: LogFields) => logger.info(message, entry(fields)),
  warn: (message: string, fields?: LogFields) => logger.warn(message, entry(fields)),
  error: (message: string, fields?: LogFields) => logger.error(message, entry(fields)),
};
