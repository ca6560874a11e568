// `npm test`: every check and test suite, ending with one line `N passed, M failed`.
//   static  typecheck (web, functions, scripts and e2e) and ESLint
//   unit    Vitest: web (jsdom) and functions (the model and pure rules)
//   api     Vitest + supertest against createApp() and through the emulators, real ID tokens
//   e2e     Playwright driving Debian's Chromium against the built app on the Hosting emulator
//   launcher the stack launcher itself: seed, data kept across a restart and a kill -9, ports
//            freed, a busy port, a crashed run's leftovers, 20,000 saved plants without a stall
//   reliability a dozen users at once, the store frozen, a kill -9 and restart (its own stack)
// `--only api,e2e` runs a subset (npm run test:api and friends). The api and e2e suites build the
// app and start the same stack as `npm start`, with throwaway data under .test-stack/.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUNDLE_BUDGET, measureBundle } from './lib/bundle-size.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { functionNode } from './lib/function-node.mjs';
import { PROJECT_ID, ROOT, StackError, URLS, startStack } from './lib/stack.mjs';

const ALL = ['static', 'unit', 'launcher', 'reliability', 'api', 'e2e'];
const onlyArg = process.argv.find((arg) => arg.startsWith('--only'));
const onlyValue = onlyArg?.includes('=')
  ? onlyArg.split('=')[1]
  : onlyArg
    ? process.argv[process.argv.indexOf(onlyArg) + 1]
    : undefined;
const selected = onlyValue ? onlyValue.split(',') : ALL;
// Anything else on the command line goes to the test runners as a filter, so one file can run on
// its own: `npm run test:e2e -- e2e/plants.spec.ts`, `npm run test:api -- waterings`.
const filters = process.argv
  .slice(2)
  .filter((arg, i, all) => arg !== onlyArg && !(all[i - 1] === onlyArg && !onlyArg?.includes('=')));
for (const name of selected) {
  if (!ALL.includes(name)) {
    console.error(`[test] Unknown suite "${name}"; choose from ${ALL.join(', ')}.`);
    process.exit(2);
  }
}

if (!PROJECT_ID.startsWith('demo-')) {
  console.error(`[test] Refusing to run: the project id "${PROJECT_ID}" does not start with demo-.`);
  process.exit(2);
}

const REPORTS = path.join(ROOT, 'test-results');
fs.rmSync(REPORTS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });

/** @type {{ name: string, passed: number, failed: number, note?: string, failures?: string[], seconds?: number }[]} */
const results = [];
/** When the previous result was recorded: each result's time includes what ran before it (a build, a stack's start). */
let lastResultAt = Date.now();
/**
 * @param {{ name: string, passed: number, failed: number, note?: string, failures?: string[] }} result
 * @param {number} [since] when a step run beside the others began (its time is its own)
 */
function record(result, since) {
  const now = Date.now();
  results.push({ ...result, seconds: Math.round((now - (since ?? lastResultAt)) / 1000) });
  if (since === undefined) lastResultAt = now;
}
const say = (/** @type {string} */ line) => console.log(`\n[test] ${line}`);

/**
 * Runs a command to completion. Never spawnSync: it would block this process, which runs the
 * stack's launcher (and must still hear Ctrl-C to stop the stack). `held`: a step run beside
 * others, whose output is kept and printed whole, under that heading, when it ends (two outputs
 * never interleave line by line). `stderrFile`: a step not held whose stderr is also appended to
 * that file as it is shown.
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 * @param {string} [held]
 * @param {string} [stderrFile]
 * @returns {Promise<boolean>}
 */
function run(command, args, env = {}, held, stderrFile) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: held ? ['ignore', 'pipe', 'pipe'] : ['inherit', 'inherit', stderrFile ? 'pipe' : 'inherit'],
      env: { ...process.env, ...env },
    });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => {
      if (stderrFile) {
        process.stderr.write(chunk);
        fs.appendFileSync(stderrFile, chunk);
      } else output.push(chunk);
    });
    child.once('error', () => resolve(false));
    child.once('close', (code) => {
      if (held) {
        say(`${held} (ran beside the other suites)`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code === 0);
    });
  });
}

/** A check that passes or fails as a whole (typecheck, lint); `held`, run beside the other suites. */
async function check(
  /** @type {string} */ name,
  /** @type {string} */ command,
  /** @type {string[]} */ args,
  held = false,
) {
  const since = Date.now();
  if (!held) say(name);
  const ok = await run(command, args, {}, held ? name : undefined);
  record({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 }, held ? since : undefined);
}

const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');

/**
 * Runs Vitest with a JSON report and counts its tests. `filtered`: the command line's filters apply
 * (they name another suite's files or tests when it is run alone); `held`: run beside the other suites;
 * `node`: the Node.js it runs on (the function's tests run on the one the function deploys on).
 * @param {string} name
 * @param {string} workspace
 * @param {string[]} extra
 * @param {{ env?: NodeJS.ProcessEnv, filtered?: boolean, held?: boolean, node?: string }} [options]
 */
async function vitest(
  name,
  workspace,
  extra,
  { env = {}, filtered = true, held = false, node = process.execPath } = {},
) {
  const since = Date.now();
  if (!held) say(name);
  const report = path.join(REPORTS, `${name.replace(/\W+/g, '-')}.json`);
  const ok = await run(
    node,
    [
      VITEST,
      'run',
      '--root',
      workspace,
      ...extra,
      ...(filtered && filters.length ? [...filters, '--passWithNoTests'] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
    held ? name : undefined,
  );
  countJson(
    name,
    report,
    ok,
    (json) => ({
      passed: json.numPassedTests,
      failed: json.numFailedTests + json.numPendingTests + json.numTodoTests,
      failures: json.testResults.flatMap((/** @type {any} */ file) => {
        const where = path.relative(ROOT, file.name);
        const tests = file.assertionResults
          .filter((/** @type {any} */ test) => test.status !== 'passed')
          .map((/** @type {any} */ test) => `${where} › ${test.fullName} (${test.status})`);
        // A file that failed before its tests ran (an import, a hook) has none to name.
        return tests.length || file.status !== 'failed' ? tests : [`${where} (${file.message.split('\n')[0]})`];
      }),
    }),
    held ? since : undefined,
  );
}

/**
 * The tests of a Playwright JSON report that did not pass, as `file › title (status)`.
 * @param {any} suite
 * @returns {string[]}
 */
function playwrightFailures(suite) {
  return [
    ...(suite.suites ?? []).flatMap(playwrightFailures),
    ...(suite.specs ?? []).flatMap((/** @type {any} */ spec) =>
      spec.tests
        .filter((/** @type {any} */ test) => test.status === 'unexpected' || test.status === 'skipped')
        .map(
          (/** @type {any} */ test) => `${spec.file} › ${spec.title} (${test.results.at(-1)?.status ?? test.status})`,
        ),
    ),
  ];
}

/**
 * @param {string} name
 * @param {string} report
 * @param {boolean} ok
 * @param {(json: any) => { passed: number, failed: number, failures: string[] }} read
 * @param {number} [since] when a step run beside the others began
 */
function countJson(name, report, ok, read, since) {
  if (!fs.existsSync(report)) {
    record({ name, passed: 0, failed: 1, note: 'the suite crashed before reporting' }, since);
    return;
  }
  const { passed, failed, failures } = read(JSON.parse(fs.readFileSync(report, 'utf8')));
  // A non-zero exit with no failed test (a setup error, an unhandled rejection) still fails.
  record(
    {
      name,
      passed,
      failed: failed || (ok ? 0 : 1),
      note: !ok && !failed ? 'the suite exited with an error' : undefined,
      failures,
    },
    since,
  );
}

const started = Date.now();

const needsBuild = ['launcher', 'reliability', 'api', 'e2e'].some((name) => selected.includes(name));
/*
 * The static checks need no stack and no time limit: when suites that start one run too, they run
 * beside the build and the launcher's and reliability's own stacks, which leave about a third of the
 * 2 cores idle (kills, restarts, waits), their output held until each check ends. Measured
 * 2026-11-29: the launcher 70 % busy over 156 s, reliability 65 % over 70 s, the static checks 98 %
 * over 84 s alone; beside them the launcher took 176 s and the static checks no time of their own.
 * The unit tests stay alone: beside the API suite (68 % busy) three of them passed their 5 s limit.
 */
const staticBeside = needsBuild;
if (selected.includes('unit')) {
  if (!staticBeside && selected.includes('static')) await staticChecks(false);
  await unitTests();
}
const staticDone =
  selected.includes('static') && (staticBeside || !selected.includes('unit'))
    ? staticChecks(staticBeside)
    : Promise.resolve();

/** Typecheck and lint: two at a time, one chain per core (42 s one after the other, 2026-11-26). */
async function staticChecks(/** @type {boolean} */ held) {
  await Promise.all([
    (async () => {
      await check('typecheck: web', 'npx', ['tsc', '-p', 'web/tsconfig.json', '--noEmit'], held);
      await check('typecheck: service worker', 'npx', ['tsc', '-p', 'web/tsconfig.sw.json', '--noEmit'], held);
      await check('typecheck: functions', 'npx', ['tsc', '-p', 'functions/tsconfig.json', '--noEmit'], held);
      await check('typecheck: scripts and e2e', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], held);
    })(),
    (async () => {
      await check('lint', 'npx', ['eslint', '.', '--max-warnings=0'], held);
      await check('format (Prettier)', 'npx', ['prettier', '--check', '.', '--log-level', 'warn'], held);
      await check(
        'module graph: web (no import cycles, no feature importing another, layers in order)',
        'npm',
        ['run', 'lint:deps', '--silent', '-w', 'web'],
        held,
      );
      await check(
        'module graph: functions (no import cycles, floors below rooms, one owner per collection)',
        'npm',
        ['run', 'lint:deps', '--silent', '-w', 'functions'],
        held,
      );
      await check('unused code (knip: files, exports, dependencies)', 'npx', ['knip', '--no-progress'], held);
    })(),
  ]);
}

/**
 * Vitest leaves a core free by default: on 2 cores that is one worker (112 s for the web suite,
 * against 67 to 72 s with one per core, same session, 2026-11-24; the functions' 12.6 s against 7.1 s).
 */
async function unitTests() {
  const perCore = `--maxWorkers=${os.availableParallelism()}`;
  await vitest('unit: web', 'web', [perCore]);
  await vitest('unit: functions', 'functions', ['--project', 'unit', perCore], { node: functionNode() });
}

if (needsBuild) {
  /** @type {string | undefined} */
  let chromium;
  /** @type {string | undefined} */
  let fullChromium;
  if (selected.includes('e2e')) {
    try {
      chromium = ensureChromium('chromium-headless-shell');
      // The reminders' browser tests show notifications, which the headless shell refuses to
      // allow: they run in the full browser, headless (e2e/reminders.spec.ts).
      fullChromium = ensureChromium('chromium');
    } catch (error) {
      console.error(`[test] ${/** @type {Error} */ (error).message}`);
      record({ name: 'e2e', passed: 0, failed: 1, note: 'no Chromium' });
    }
  }

  say('build: functions and web');
  // What the build writes to stderr is all `npm start` shows of it: kept for the build's tests
  // (web/build/build-output.test.ts), which want none.
  const buildStderr = path.join(REPORTS, 'build-stderr.txt');
  fs.writeFileSync(buildStderr, '');
  // The static checks have type-checked the web app: its build need not again (13 s on 2 cores).
  const builtOk = selected.includes('static')
    ? (await run('npm', ['run', 'build', '--silent', '-w', 'functions'], {}, undefined, buildStderr)) &&
      (await run('npm', ['run', 'bundle', '--silent', '-w', 'web'], {}, undefined, buildStderr))
    : await run('npm', ['run', 'build', '--silent'], {}, undefined, buildStderr);
  if (!builtOk) {
    record({ name: 'build', passed: 0, failed: 1 });
  } else {
    // The bundle budgets, checked on every run: `npm run bench` is too slow to catch a
    // heavy import the moment it lands.
    say('bundle budget');
    const bundle = measureBundle(path.join(ROOT, 'web/dist'));
    const overBudget = [
      bundle.homeJsGzip > BUNDLE_BUDGET.homeJsGzip &&
        `/ downloads ${bundle.homeJsGzip} bytes of gzipped JavaScript (budget ${BUNDLE_BUDGET.homeJsGzip})`,
      bundle.homeCssGzip > BUNDLE_BUDGET.homeCssGzip &&
        `/ downloads ${bundle.homeCssGzip} bytes of gzipped CSS (budget ${BUNDLE_BUDGET.homeCssGzip})`,
      bundle.largestChunk.gzip > BUNDLE_BUDGET.chunkGzip &&
        `${bundle.largestChunk.file} is ${bundle.largestChunk.gzip} bytes gzipped (budget ${BUNDLE_BUDGET.chunkGzip})`,
    ].filter(Boolean);
    for (const problem of overBudget) console.error(`[test] ${problem}`);
    console.log(
      `[test] / downloads ${bundle.homeJsGzip} B JS and ${bundle.homeCssGzip} B CSS (gzip); largest chunk ${bundle.largestChunk.gzip} B`,
    );
    record({ name: 'bundle budget', passed: overBudget.length ? 0 : 1, failed: overBudget.length ? 1 : 0 });
    // The prerendered pages in the build's files (web/build/prerendered.test.ts).
    await vitest('build', '.', ['--config', 'scripts/vitest.config.mjs', '--project', 'build'], { filtered: false });

    // Before the shared test stack: these tests start and stop stacks of their own on the same ports.
    if (selected.includes('launcher'))
      await vitest('launcher', '.', ['--config', 'scripts/vitest.config.mjs', '--project', 'launcher']);
    if (selected.includes('reliability'))
      await vitest('reliability', '.', ['--config', 'scripts/vitest.config.mjs', '--project', 'reliability']);
  }
  if (builtOk && (selected.includes('api') || selected.includes('e2e'))) {
    // The API and browser suites keep the cores busy themselves (and time out): not beside anything.
    await staticDone;
    const dataDir = path.join(ROOT, '.test-stack');
    /** @type {Awaited<ReturnType<typeof startStack>> | undefined} */
    let stack;
    const stopStack = async () => {
      await stack?.stop();
      stack = undefined;
    };
    process.once('SIGINT', () => void stopStack().then(() => process.exit(130)));
    process.once('SIGTERM', () => void stopStack().then(() => process.exit(143)));
    /** Starts a stack on a fresh store, its function's environment with `env` added. @param {NodeJS.ProcessEnv} env */
    const start = async (env) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      say("starting the local stack (Google's Firestore emulator, Auth, Functions and Hosting emulators)");
      Object.assign(process.env, env);
      try {
        stack = await startStack({
          dataDir,
          persist: false,
          seed: true,
          log: (line) => console.log(`[stack] ${line}`),
        });
      } catch (error) {
        console.error(`[test] ${error instanceof StackError ? error.message : error}`);
        record({ name: 'stack', passed: 0, failed: 1, note: 'the local stack did not start' });
      }
      return stack;
    };
    const stackEnv = {
      GCLOUD_PROJECT: PROJECT_ID,
      FIRESTORE_EMULATOR_HOST: URLS.firestoreHost,
      FIREBASE_AUTH_EMULATOR_HOST: URLS.auth.replace('http://', ''),
      HOSTING_URL: URLS.hosting,
      FUNCTION_URL: URLS.function,
    };
    /*
     * Every browser of the browser tests is a visitor from 127.0.0.1, and so are the apps the API
     * tests make in their own process: as one address they would pass a visitor's read allowance,
     * and the instance's, in a minute. So those run with both raised. The API suite's stack keeps the
     * defaults: visitor-cost.api.test.ts calls its function directly and sees them hold.
     */
    const raisedVisitorReads = {
      MANGO_VISITOR_READS_PER_MINUTE: '1000000',
      MANGO_ANONYMOUS_READS_PER_MINUTE_PER_INSTANCE: '1000000',
    };

    if (selected.includes('api') && (await start({}))) {
      await vitest('api', 'functions', ['--project', 'api'], {
        env: { ...stackEnv, ...raisedVisitorReads },
        node: functionNode(),
      });
      say('stopping the local stack');
      await stopStack();
    }
    // A stack of their own: raised visitor allowances, and a fresh store (the emulator answers a
    // search by reading every plant, and the API tests leave thousands behind).
    if (selected.includes('e2e') && chromium && (await start(raisedVisitorReads))) {
      say('e2e');
      const report = path.join(REPORTS, 'e2e.json');
      const ok = await run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...filters], {
        ...stackEnv,
        CHROME_PATH: chromium,
        ...(fullChromium ? { FULL_CHROME_PATH: fullChromium } : {}),
        APP_URL: URLS.app,
        E2E_JSON_REPORT: report,
      });
      countJson('e2e', report, ok, (json) => ({
        passed: json.stats.expected + json.stats.flaky,
        failed: json.stats.unexpected + json.stats.skipped,
        failures: json.suites.flatMap(playwrightFailures),
      }));
      say('stopping the local stack');
      await stopStack();
    }
  }
}

await staticDone;

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log('\n[test] Summary');
for (const r of results) {
  console.log(
    `  ${r.failed ? 'FAIL' : 'ok  '}  ${r.name}: ${r.passed} passed, ${r.failed} failed${r.note ? ` (${r.note})` : ''}, ${r.seconds} s`,
  );
  // Named here, at the end, where a log cut to its last lines still shows them.
  for (const failure of r.failures ?? []) console.log(`          ✘ ${failure}`);
}
console.log(`  (${Math.round((Date.now() - started) / 1000)} s)\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length > 0 ? 0 : 1);
