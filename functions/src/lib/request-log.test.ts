import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { log } from './log';
import { captureLogs } from '../../test/support/log-capture';
import { identifyRequests } from './request-log';

const TRACE_ID = '105445aa7843bc8bf206b12000100000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An app whose one route logs before its body is read, after, and after a wait, as a route's work does. */
function appLogging() {
  const app = express();
  app.use(identifyRequests);
  app.post('/mango/:id/notes', (req, _res, next) => {
    log.info('before the body');
    next();
  });
  app.post('/mango/:id/notes', express.json(), async (req, res) => {
    log.info('after the body');
    await new Promise((resolve) => setTimeout(resolve, 1));
    log.warn('after a wait');
    res.status(201).json({ ok: true });
  });
  return app;
}

const post = (app: express.Express) => request(app).post('/mango/p1/notes').send({ note: 'Repotted.' });

describe('identifyRequests', () => {
  it('answers a random id, one per request, and every line written while the request runs carries it', async () => {
    const lines = captureLogs();
    const app = appLogging();
    const first = await post(app);
    const second = await post(app);
    const ids = [first.get('X-Request-Id'), second.get('X-Request-Id')];
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    expect(lines.map((line) => [line.message, line.requestId])).toEqual([
      ['before the body', ids[0]],
      ['after the body', ids[0]],
      ['after a wait', ids[0]],
      ['before the body', ids[1]],
      ['after the body', ids[1]],
      ['after a wait', ids[1]],
    ]);
  });

  it("takes the trace id of Google's X-Cloud-Trace-Context", async () => {
    const lines = captureLogs();
    const response = await post(appLogging()).set('X-Cloud-Trace-Context', `${TRACE_ID}/2314191982391234;o=1`);
    expect(response.get('X-Request-Id')).toBe(TRACE_ID);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.requestId).toBe(TRACE_ID);
  });

  it('takes the trace id of a W3C traceparent', async () => {
    const lines = captureLogs();
    const response = await post(appLogging()).set('traceparent', `00-${TRACE_ID}-00f067aa0ba902b7-01`);
    expect(response.get('X-Request-Id')).toBe(TRACE_ID);
    expect(lines.map((line) => line.requestId)).toEqual([TRACE_ID, TRACE_ID, TRACE_ID]);
  });

  it('makes its own id when the trace header is not one, so a caller cannot write into the log', async () => {
    const lines = captureLogs();
    for (const header of ['alice@example.test/1', `${TRACE_ID}x/1`, `${'0'.repeat(32)}/1`]) {
      const response = await post(appLogging()).set('X-Cloud-Trace-Context', header);
      expect(response.get('X-Request-Id')).toMatch(UUID);
    }
    expect(JSON.stringify(lines)).not.toContain('example.test');
  });

  it('keeps the ids of requests that run at once apart', async () => {
    const lines = captureLogs();
    const app = appLogging();
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post(app).set('X-Cloud-Trace-Context', `${TRACE_ID.slice(0, -1)}${i}/1`)),
    );
    expect(lines).toHaveLength(15);
    for (const response of responses) {
      const id = response.get('X-Request-Id');
      expect(lines.filter((line) => line.requestId === id)).toHaveLength(3);
    }
  });
});
