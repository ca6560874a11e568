// Cloud Scheduler for the local stack. In production Cloud Scheduler calls each 2nd gen scheduled
// function over HTTP at its schedule, with the headers firebase-functions reads; the Functions
// emulator runs no scheduler of its own (and serves such a function over HTTP only with our patch:
// docs/local-stack.md). So while the stack runs, the launcher calls every scheduled function the
// emulator has loaded once a minute, on the minute, as Cloud Scheduler would, whatever its
// production schedule: the functions do whatever has come due by then, so calling them more often
// changes when work happens, never what it does.

/** Locally every scheduled function runs this often. */
const LOCAL_SCHEDULE_MS = 60_000;

/**
 * The scheduled functions the Functions emulator has loaded, as `{ name, region }`, from its own
 * listing of backends.
 * @param {string} emulatorUrl the Functions emulator, `http://127.0.0.1:5001`
 * @returns {Promise<{ name: string, region: string }[]>}
 */
export async function scheduledFunctions(emulatorUrl) {
  const response = await fetch(`${emulatorUrl}/backends`, { signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new Error(`the Functions emulator answered ${response.status} for its backends`);
  const { backends } = /** @type {{ backends: { functionTriggers?: any[] }[] }} */ (await response.json());
  return backends.flatMap((backend) =>
    (backend.functionTriggers ?? [])
      .filter((trigger) => trigger.schedule && trigger.httpsTrigger)
      .map((trigger) => ({ name: String(trigger.name), region: String(trigger.region) })),
  );
}

/**
 * Calls one scheduled function as Cloud Scheduler does: a POST with the job's name and the time
 * it was scheduled for.
 * @param {{ emulatorUrl: string, projectId: string, name: string, region: string, scheduledAt: Date, signal?: AbortSignal }} job
 */
export async function runScheduledFunction({ emulatorUrl, projectId, name, region, scheduledAt, signal }) {
  const response = await fetch(`${emulatorUrl}/${projectId}/${region}/${name}`, {
    method: 'POST',
    headers: {
      'X-CloudScheduler-JobName': `firebase-schedule-${name}-${region}`,
      'X-CloudScheduler-ScheduleTime': scheduledAt.toISOString(),
      'User-Agent': 'Google-Cloud-Scheduler',
    },
    // Cloud Scheduler's own attempt deadline for HTTP targets is 3 minutes.
    signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(180_000)]) : AbortSignal.timeout(180_000),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Runs every scheduled function once a minute, on the minute, until stopped. A run that fails is
 * said once (and once more when runs succeed again), never every minute.
 * @param {{ emulatorUrl: string, projectId: string, log: (line: string) => void, intervalMs?: number }} options
 */
export function startScheduler({ emulatorUrl, projectId, log, intervalMs = LOCAL_SCHEDULE_MS }) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let stopped = false;
  const stopping = new AbortController();
  let failing = false;
  /** @type {Promise<void>} */
  let running = Promise.resolve();

  const tick = async (/** @type {Date} */ scheduledAt) => {
    try {
      const functions = await scheduledFunctions(emulatorUrl);
      const statuses = await Promise.all(
        functions.map((fn) =>
          runScheduledFunction({ emulatorUrl, projectId, ...fn, scheduledAt, signal: stopping.signal }),
        ),
      );
      const failed = functions.filter((_, i) => statuses[i] !== 200);
      if (failed.length) throw new Error(`${failed.map((fn) => fn.name).join(', ')} answered ${statuses.join(', ')}`);
      if (failing) log('The scheduled functions run again.');
      failing = false;
    } catch (error) {
      if (!failing && !stopped)
        log(`A scheduled run failed (${/** @type {Error} */ (error).message}); the next minute tries again.`);
      failing = true;
    }
  };

  const next = () => {
    if (stopped) return;
    const now = Date.now();
    const at = Math.ceil((now + 1) / intervalMs) * intervalMs;
    timer = setTimeout(() => {
      running = tick(new Date(at));
      next();
    }, at - now);
  };
  next();

  return {
    /** Stops calling; resolves once a run under way has ended. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      stopping.abort();
      await running;
    },
  };
}
