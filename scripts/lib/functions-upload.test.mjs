// What `firebase deploy` uploads from functions/, installed alone and loaded as Cloud Functions
// does: the predeploy build of firebase.json, the folder packed by firebase-tools' own packer (its
// `ignore` applied), `npm ci` as Google's Node.js buildpack runs it (NODE_ENV=production, so no
// devDependencies: firebase-tools turns the buildpack's own build off), on the Node.js the
// function deploys on, then the functions found through the SDK's manifest (`/__/functions.yaml`),
// by firebase-tools' own discovery.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { functionNode, functionNodeMajor } from './function-node.mjs';
import { functionsLockfileText } from './functions-lockfile.mjs';
import { ROOT } from './stack.mjs';

// firebase-tools' own packer and discovery, as `firebase deploy` runs them (it ships no types).
const load = /** @type {(id: string) => any} */ (createRequire(import.meta.url));
const { prepareFunctionsUpload } = load('firebase-tools/lib/deploy/functions/prepareFunctionsUpload.js');
const { Delegate } = load('firebase-tools/lib/deploy/functions/runtimes/node/index.js');

const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')).functions[0];
const FUNCTIONS_DIR = path.join(ROOT, config.source);
const PROJECT = 'demo-upload-check';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mango-upload-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The environment of a command on the function's Node.js, without what `npm run` set for this one. */
const nodeEnv = (/** @type {NodeJS.ProcessEnv} */ extra = {}) => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_'))),
  PATH: `${path.dirname(functionNode())}${path.delimiter}${process.env.PATH}`,
  ...extra,
});

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv }} options
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('the upload `firebase deploy` makes of functions/', () => {
  it('builds, installs alone with its lockfile on the Node.js it deploys on, and declares every function as configured', async () => {
    for (const command of config.predeploy) {
      const built = await run('sh', ['-c', command], {
        cwd: ROOT,
        env: { ...process.env, RESOURCE_DIR: FUNCTIONS_DIR },
      });
      expect(built.code, `${command}:\n${built.output}`).toBe(0);
    }

    const { pathToSource } = await prepareFunctionsUpload(
      ROOT,
      FUNCTIONS_DIR,
      { ...config, ignore: [...config.ignore] },
      [],
      undefined,
      {
        exportType: 'tar.gz',
      },
    );
    const upload = path.join(work, 'upload');
    fs.mkdirSync(upload);
    expect((await run('tar', ['-xzf', pathToSource, '-C', upload], { cwd: work, env: process.env })).code).toBe(0);
    fs.rmSync(pathToSource, { force: true });
    const files = fs.readdirSync(upload).sort();
    expect(files).toEqual(expect.arrayContaining(['lib', 'package-lock.json', 'package.json']));
    for (const left of ['src', 'test', 'node_modules', '.secret.local', 'vitest.config.mts'])
      expect(files).not.toContain(left);
    expect(fs.readFileSync(path.join(upload, 'package-lock.json'), 'utf8')).toBe(functionsLockfileText(ROOT));

    const installed = await run('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: upload,
      env: nodeEnv({ NODE_ENV: 'production' }),
    });
    expect(installed.code, installed.output).toBe(0);
    // npm's own check of the tree it installed: every range met, nothing missing.
    const listed = await run('npm', ['ls', '--all', '--omit=dev'], { cwd: upload, env: nodeEnv() });
    expect(listed.code, listed.output).toBe(0);
    const node = await run('node', ['--version'], { cwd: upload, env: nodeEnv() });
    expect(node.output.trim()).toMatch(new RegExp(`^v${functionNodeMajor()}\\.`));

    const delegate = new Delegate(PROJECT, upload, upload, `nodejs${functionNodeMajor()}`);
    await delegate.validate();
    const savedPath = process.env.PATH;
    // The SDK's discovery server runs on whatever `node` the PATH names: the function's.
    process.env.PATH = nodeEnv().PATH;
    /** @type {{ endpoints: Record<string, any> }} */
    let build;
    try {
      build = await delegate.discoverBuild(
        {},
        { GCLOUD_PROJECT: PROJECT, FIREBASE_CONFIG: JSON.stringify({ projectId: PROJECT }) },
      );
    } finally {
      process.env.PATH = savedPath;
    }

    const runtime = load(path.join(FUNCTIONS_DIR, 'lib/config/runtime.js'));
    const region = [runtime.RUNTIME_OPTIONS.region];
    const secrets = (/** @type {any} */ endpoint) =>
      (endpoint.secretEnvironmentVariables ?? []).map((/** @type {{ key: string }} */ secret) => secret.key);
    const queue = (/** @type {any} */ options) => ({
      retryConfig: expect.objectContaining(options.retryConfig),
      rateLimits: expect.objectContaining(options.rateLimits),
    });
    const { endpoints } = build;
    expect(Object.keys(endpoints).sort()).toEqual(
      [
        'api',
        'emptyPlace',
        'purgePlant',
        'queueBatchDigests',
        'queueDigests',
        'sendDigest',
        'sweepPlantPurges',
        'turnSeasons',
      ].sort(),
    );
    for (const endpoint of Object.values(endpoints)) {
      expect(endpoint.region).toEqual(region);
      expect(endpoint.runtime).toBe(`nodejs${functionNodeMajor()}`);
    }
    expect(endpoints.api).toMatchObject({
      httpsTrigger: {},
      availableMemoryMb: 1024,
      concurrency: runtime.RUNTIME_OPTIONS.concurrency,
      maxInstances: runtime.RUNTIME_OPTIONS.maxInstances,
      timeoutSeconds: runtime.RUNTIME_OPTIONS.timeoutSeconds,
    });
    expect(secrets(endpoints.api)).toEqual(['CALENDAR_FEED_KEY', 'VAPID_PRIVATE_KEY', 'SMTP_URL']);
    expect(secrets(endpoints.sendDigest)).toEqual(['VAPID_PRIVATE_KEY', 'SMTP_URL']);
    expect(endpoints.purgePlant.taskQueueTrigger).toMatchObject(queue(runtime.PURGE_OPTIONS));
    expect(endpoints.emptyPlace.taskQueueTrigger).toMatchObject(queue(runtime.EMPTY_PLACE_OPTIONS));
    expect(endpoints.queueBatchDigests.taskQueueTrigger).toMatchObject(queue(runtime.DIGESTS_OPTIONS));
    expect(endpoints.sendDigest.taskQueueTrigger).toMatchObject(queue(runtime.DIGEST_OPTIONS));
    expect(endpoints.sendDigest).toMatchObject({ concurrency: runtime.DIGEST_OPTIONS.concurrency });
    expect(endpoints.sweepPlantPurges.scheduleTrigger.schedule).toBe(runtime.SWEEP_OPTIONS.schedule);
    expect(endpoints.turnSeasons.scheduleTrigger.schedule).toBe(runtime.SEASONS_OPTIONS.schedule);
    expect(endpoints.queueDigests.scheduleTrigger.schedule).toBe(runtime.REMINDERS_TICK_OPTIONS.schedule);
  });
});
