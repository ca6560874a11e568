import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { captureLogs } from '../../test/support/log-capture';
import { identifyRequests } from '../lib/request-log';
import { errorHandler, notFound } from './error-handler';

const ALICE = 'alice@example.test';
const UID = 'Xq3uid0fAlice0000000000000';

/** An error as a mail client's carries the message it was sent in. */
const mailError = () =>
  Object.assign(new Error('Connection closed'), { code: 'ECONNECTION', envelope: { to: [ALICE] }, response: ALICE });

function appFailing(error: () => Error, where: 'route' | 'middleware' = 'route') {
  const app = express();
  app.use(identifyRequests);
  app.use(express.json());
  if (where === 'middleware')
    app.use('/mango', () => {
      throw error();
    });
  const household = express.Router();
  household.route('/away/:uid').put(async () => {
    throw error();
  });
  app.use('/mango/household', household);
  app.use(errorHandler);
  return app;
}

const put = (app: express.Express) =>
  request(app)
    .put(`/mango/household/away/${UID}?email=${encodeURIComponent(ALICE)}`)
    .send({ name: 'Alice', email: ALICE });

describe('errorHandler', () => {
  it("logs an unexpected error with the request's id, its method, the route's pattern and the error, and nothing of the caller", async () => {
    const lines = captureLogs();
    const response = await put(appFailing(mailError));

    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).toMatchObject({
      severity: 'ERROR',
      message: 'Unexpected error',
      requestId: response.get('X-Request-Id'),
      method: 'PUT',
      route: '/mango/household/away/:uid',
      error: { name: 'Error', code: 'ECONNECTION', message: 'Connection closed' },
      stack_trace: expect.stringContaining('Connection closed'),
    });
    const written = JSON.stringify(line);
    for (const personal of [ALICE, encodeURIComponent(ALICE), 'email=', 'Alice', UID, '?'])
      expect(written).not.toContain(personal);
  });

  it('answers 500 with a sentence, no stack and nothing of the caller', async () => {
    captureLogs();
    const response = await put(appFailing(mailError));
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(response.text).not.toContain(ALICE);
  });

  it('logs the path without its query when the error came before any route', async () => {
    const lines = captureLogs();
    await request(appFailing(() => new Error('boom'), 'middleware')).get(
      `/mango/p1?email=${encodeURIComponent(ALICE)}`,
    );
    expect(lines).toMatchObject([{ method: 'GET', route: '/mango/p1' }]);
    expect(JSON.stringify(lines)).not.toContain('email');
  });
});

describe('notFound', () => {
  it("answers a router's retired path as the app answers a path that names nothing: 404 with the whole path", async () => {
    const app = express();
    const care = express.Router();
    care.all('/waterings', notFound);
    app.use('/mango', care);
    app.use(notFound);
    app.use(errorHandler);
    const retired = await request(app).post('/mango/waterings?x=1').send({});
    const never = await request(app).post('/mango/nothing-here?x=1').send({});
    for (const [response, path] of [
      [retired, '/mango/waterings'],
      [never, '/mango/nothing-here'],
    ] as const) {
      expect(response.status).toBe(404);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toEqual({ error: { code: 'not_found', message: `There is nothing at POST ${path}.` } });
    }
  });
});
