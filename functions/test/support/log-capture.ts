import { logger } from 'firebase-functions/logger';
import { onTestFinished, vi } from 'vitest';

/** A line as lib/log.ts hands it to firebase-functions' logger (which adds only the trace field). */
export type LogLine = { severity: 'INFO' | 'WARNING' | 'ERROR'; message: string } & Record<string, unknown>;

const SEVERITIES = { info: 'INFO', warn: 'WARNING', error: 'ERROR' } as const;

/** The lines logged during the rest of the test that calls it, kept off the console. */
export function captureLogs(): LogLine[] {
  const lines: LogLine[] = [];
  for (const [method, severity] of Object.entries(SEVERITIES)) {
    const spy = vi
      .spyOn(logger, method as keyof typeof SEVERITIES)
      .mockImplementation((message: unknown, fields: unknown) => {
        lines.push({ ...(fields as Record<string, unknown>), severity, message: String(message) });
      });
    onTestFinished(() => spy.mockRestore());
  }
  return lines;
}
