import { describe, expect, it } from 'vitest';
import { errorFields, log, withLogContext } from './log';
import { captureLogs } from '../../test/support/log-capture';

const INDEX_MESSAGE =
  '9 FAILED_PRECONDITION: The query requires an index. You can create it here: https://console.firebase.google.com/v1/r/project/mango-grove/firestore/indexes?create_composite=ClBwcm9qZWN0cy9tYW5nbw';

describe('errorFields', () => {
  it("keeps an error's name, code, message and stack", () => {
    const error = Object.assign(new Error(INDEX_MESSAGE), { code: 9 });
    expect(errorFields(error)).toEqual({ name: 'Error', code: 9, message: INDEX_MESSAGE, stack: error.stack });
    expect(errorFields(error).stack).toContain(INDEX_MESSAGE);
  });

  it('keeps a string code and the name of a subclass', () => {
    class TaskQueueError extends Error {
      override name = 'TaskQueueError';
      code = 'functions/unavailable';
    }
    expect(errorFields(new TaskQueueError('The queue is not answering.'))).toMatchObject({
      name: 'TaskQueueError',
      code: 'functions/unavailable',
      message: 'The queue is not answering.',
    });
  });

  it("leaves out the error's other properties and masks an address that slipped into its message", () => {
    const error = Object.assign(new Error('Can not send mail to alice.smith+plants@example.test'), {
      code: 'EENVELOPE',
      response: '550 5.1.1 <alice.smith+plants@example.test>: Recipient address rejected',
      rejected: ['alice.smith+plants@example.test'],
      command: 'RCPT TO',
    });
    const fields = errorFields(error);
    expect(Object.keys(fields).sort()).toEqual(['code', 'message', 'name', 'stack']);
    expect(fields.message).toBe('Can not send mail to [email]');
    expect(JSON.stringify(fields)).not.toContain('example.test');
  });

  it('keeps a stack whose frames sit under a scoped package', () => {
    const error = new Error('boom');
    error.stack = 'Error: boom\n    at get (/srv/node_modules/@google-cloud/firestore/build/src/reference.js:1:1)';
    expect(errorFields(error).stack).toBe(error.stack);
  });

  it('says what was thrown when it is not an Error, without its contents', () => {
    expect(errorFields('alice@example.test')).toEqual({
      name: 'NonError',
      message: 'A string was thrown, not an Error.',
    });
  });
});

describe('log', () => {
  it("writes a line's fields, its error as name, code and message, and the stack where Error Reporting reads it", () => {
    const lines = captureLogs();
    const error = Object.assign(new Error('UNAVAILABLE'), { code: 14 });
    log.error('Could not queue the purge of a deleted plant; the sweep will.', {
      plantId: 'p1',
      error: errorFields(error),
    });
    expect(lines).toEqual([
      {
        severity: 'ERROR',
        message: 'Could not queue the purge of a deleted plant; the sweep will.',
        plantId: 'p1',
        error: { name: 'Error', code: 14, message: 'UNAVAILABLE' },
        stack_trace: error.stack,
      },
    ]);
  });

  it('writes at the severity asked', () => {
    const lines = captureLogs();
    log.info('one');
    log.warn('two');
    log.error('three');
    expect(lines.map((line) => line.severity)).toEqual(['INFO', 'WARNING', 'ERROR']);
  });

  it('adds the ids of the context it is written in, inner over outer, and none outside', async () => {
    const lines = captureLogs();
    log.info('outside');
    await withLogContext({ requestId: 'r-1' }, async () => {
      log.info('in the request');
      await new Promise((resolve) => setTimeout(resolve, 1));
      await withLogContext({ task: 'purgePlant', taskId: 't-1' }, async () => log.info('in a task it runs'));
      log.info('back in the request');
    });
    expect(lines.map(({ message, severity: _, ...ids }) => [message, ids])).toEqual([
      ['outside', {}],
      ['in the request', { requestId: 'r-1' }],
      ['in a task it runs', { requestId: 'r-1', task: 'purgePlant', taskId: 't-1' }],
      ['back in the request', { requestId: 'r-1' }],
    ]);
  });

  it('keeps the id of each of two contexts that run at once to its own lines', async () => {
    const lines = captureLogs();
    const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
    const run = (requestId: string) =>
      withLogContext({ requestId }, async () => {
        for (const step of [1, 2, 3]) {
          await tick();
          log.info(`${requestId} step ${step}`);
        }
      });
    await Promise.all([run('a'), run('b')]);
    expect(lines).toHaveLength(6);
    for (const line of lines) expect(line.message.startsWith(`${line.requestId as string} `)).toBe(true);
  });
});
