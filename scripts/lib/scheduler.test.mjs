import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { scheduledFunctions, startScheduler } from './scheduler.mjs';

/**
 * A stand-in for the Functions emulator's two routes the scheduler uses: its listing of backends
 * (as firebase-tools answers it) and the functions' URLs, which record each call.
 * @param {{ status?: number }} [options]
 */
async function emulatorStandIn({ status = 200 } = {}) {
  /** @type {{ path: string, method: string, headers: http.IncomingHttpHeaders }[]} */
  const calls = [];
  const server = http.createServer((req, res) => {
    if (req.url === '/backends') {
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({
          backends: [
            {
              functionTriggers: [
                { name: 'api', region: 'us-central1', httpsTrigger: {} },
                { name: 'purgePlant', region: 'us-central1', httpsTrigger: {}, taskQueueTrigger: {} },
                { name: 'sweepPlantPurges', region: 'us-central1', httpsTrigger: {}, schedule: 'every 60 minutes' },
              ],
            },
          ],
        }),
      );
      return;
    }
    calls.push({ path: String(req.url), method: String(req.method), headers: req.headers });
    res.statusCode = status;
    res.end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('the local Cloud Scheduler', () => {
  it('finds the scheduled functions among the emulator loaded', async () => {
    const emulator = await emulatorStandIn();
    cleanups.push(emulator.close);
    expect(await scheduledFunctions(emulator.url)).toEqual([{ name: 'sweepPlantPurges', region: 'us-central1' }]);
  });

  it("calls each scheduled function on every beat, as Cloud Scheduler does, with its job's name and time", async () => {
    const emulator = await emulatorStandIn();
    cleanups.push(emulator.close);
    const lines = /** @type {string[]} */ ([]);
    const scheduler = startScheduler({
      emulatorUrl: emulator.url,
      projectId: 'demo-x',
      log: (line) => lines.push(line),
      intervalMs: 200,
    });
    cleanups.push(() => scheduler.stop());
    await expect.poll(() => emulator.calls.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await scheduler.stop();
    const [first, second] = emulator.calls;
    expect(first).toMatchObject({
      method: 'POST',
      path: '/demo-x/us-central1/sweepPlantPurges',
      headers: { 'x-cloudscheduler-jobname': 'firebase-schedule-sweepPlantPurges-us-central1' },
    });
    // On the beat: each run's time is a whole number of intervals, one interval after the last.
    const [at, next] = [first, second].map((call) =>
      Date.parse(String(call?.headers['x-cloudscheduler-scheduletime'])),
    );
    expect(Number(at) % 200).toBe(0);
    expect(Number(next) - Number(at)).toBe(200);
    expect(lines).toEqual([]);
    // Stopped: no more calls.
    const count = emulator.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(emulator.calls.length).toBe(count);
  });

  it('says once that runs fail, and once that they run again', async () => {
    let status = 500;
    const emulator = await emulatorStandIn();
    cleanups.push(emulator.close);
    const failing = http.createServer((req, res) => {
      // Forward to the stand-in, answering the function calls with the status of the moment.
      if (req.url === '/backends') {
        void fetch(`${emulator.url}/backends`).then(async (answer) => res.end(await answer.text()));
        return;
      }
      res.statusCode = status;
      res.end();
    });
    await new Promise((resolve) => failing.listen(0, '127.0.0.1', () => resolve(undefined)));
    cleanups.push(() => new Promise((resolve) => failing.close(resolve)));
    const { port } = /** @type {import('node:net').AddressInfo} */ (failing.address());
    const lines = /** @type {string[]} */ ([]);
    const scheduler = startScheduler({
      emulatorUrl: `http://127.0.0.1:${port}`,
      projectId: 'demo-x',
      log: (line) => lines.push(line),
      intervalMs: 100,
    });
    cleanups.push(() => scheduler.stop());
    await new Promise((resolve) => setTimeout(resolve, 550));
    expect(lines).toEqual(['A scheduled run failed (sweepPlantPurges answered 500); the next minute tries again.']);
    status = 200;
    await expect.poll(() => lines.length, { timeout: 5000 }).toBe(2);
    expect(lines[1]).toBe('The scheduled functions run again.');
  });
});
