import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDeploy } from './deploy-check.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PROJECT = 'mango-grove-prod';

/** @type {string[]} */
const dirs = [];
const tempDir = (/** @type {string} */ label) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mango-deploy-${label}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** @param {string} dir @param {Record<string, string>} files */
function write(dir, files) {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
}

/** A dotenv file of these settings. @param {Record<string, string>} settings */
const dotenv = (settings) =>
  Object.entries(settings)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}\n`)
    .join('');

/** The web config of PROJECT, with `changes`. @param {Record<string, string>} [changes] */
const webConfig = (changes = {}) =>
  dotenv({
    VITE_FIREBASE_API_KEY: 'AIzaSyExampleExampleExampleExample',
    VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
    VITE_FIREBASE_PROJECT_ID: PROJECT,
    VITE_FIREBASE_APP_ID: '1:123456789012:web:abcdef0123456789',
    ...changes,
  });

/** The function's settings for PROJECT, with `changes`. @param {Record<string, string>} [changes] */
const functionSettings = (changes = {}) =>
  dotenv({
    APP_URL: `https://${PROJECT}.web.app`,
    MAIL_FROM: 'Mango Grove Tracker <reminders@mangogrove.example>',
    ...changes,
  });

/**
 * A folder ready to deploy to PROJECT: the repository's firebase.json, a .firebaserc naming the
 * project, the web config and the function's settings, with `changes` on top.
 * @param {Record<string, string>} [changes]
 */
function completeRepo(changes = {}) {
  const dir = tempDir('repo');
  write(dir, {
    'firebase.json': fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'),
    '.firebaserc': JSON.stringify({ projects: { default: PROJECT } }),
    'web/.env.production.local': webConfig(),
    [`functions/.env.${PROJECT}`]: functionSettings(),
    ...changes,
  });
  return dir;
}

/** @param {string} root @param {{ argv?: string[], env?: NodeJS.ProcessEnv, home?: string }} [options] */
const check = (root, { argv = [], env = {}, home = tempDir('home') } = {}) => checkDeploy({ root, argv, env, home });

const iamLines = (/** @type {string} */ id) => [
  `SA="$(gcloud projects describe ${id} --format='value(projectNumber)')-compute@developer.gserviceaccount.com"`,
  `gcloud projects add-iam-policy-binding ${id} --member="serviceAccount:$SA" --role=roles/cloudtasks.enqueuer`,
  `gcloud iam service-accounts add-iam-policy-binding "$SA" --project=${id} --member="serviceAccount:$SA" --role=roles/iam.serviceAccountUser`,
  `gcloud run services add-iam-policy-binding purgeplant --project=${id} --region=us-central1 --member="serviceAccount:$SA" --role=roles/run.invoker`,
  `gcloud run services add-iam-policy-binding queuebatchdigests --project=${id} --region=us-central1 --member="serviceAccount:$SA" --role=roles/run.invoker`,
  `gcloud run services add-iam-policy-binding senddigest --project=${id} --region=us-central1 --member="serviceAccount:$SA" --role=roles/run.invoker`,
  `gcloud run services add-iam-policy-binding emptyplace --project=${id} --region=us-central1 --member="serviceAccount:$SA" --role=roles/run.invoker`,
];

describe('the deploy check', () => {
  it('refuses the repository as committed: the demo project, and no web config', () => {
    const { target, problems, toConfirm } = check(ROOT);
    expect(target.id).toBe('demo-mango-grove');
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/demo-mango-grove.*demo project.*`npx firebase use --add`/);
    expect(problems[1]).toMatch(
      /VITE_FIREBASE_API_KEY, VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_APP_ID.*copy web\/\.env\.example to web\/\.env\.production\.local/,
    );
    // A demo project has no Google Cloud side: the commands name no project.
    expect(toConfirm.at(-1)?.commands).toEqual(iamLines('PROJECT_ID'));
  });

  it('passes a complete config, and still lists the secrets and the IAM lines for its project', () => {
    const { target, problems, toConfirm } = check(completeRepo());
    expect(target).toEqual({ id: PROJECT, alias: 'default', source: ".firebaserc's only alias, default" });
    expect(problems).toEqual([]);
    expect(toConfirm.flatMap((item) => item.commands)).toEqual([
      ...['CALENDAR_FEED_KEY', 'VAPID_PRIVATE_KEY', 'SMTP_URL'].flatMap((name) => [
        `npx firebase functions:secrets:get ${name} --project ${PROJECT}`,
        `npx firebase functions:secrets:set ${name} --project ${PROJECT}`,
      ]),
      ...iamLines(PROJECT),
    ]);
  });

  it('reads the web config as Vite builds for production: .env.production.local wins over the other three', () => {
    const dir = completeRepo({
      'web/.env': 'VITE_FIREBASE_PROJECT_ID=demo-mango-grove\nVITE_AUTH_EMULATOR_URL=\n',
      'web/.env.production': 'VITE_FIREBASE_PROJECT_ID=mango-grove-staging\n',
      // Not read by a production build.
      'web/.env.development.local': 'VITE_AUTH_EMULATOR_URL=http://127.0.0.1:9099\n',
    });
    expect(check(dir).problems).toEqual([]);
  });

  it.each([
    [
      'a demo project id in the web config',
      { 'web/.env.production.local': webConfig({ VITE_FIREBASE_PROJECT_ID: 'demo-mango-grove' }) },
      /VITE_FIREBASE_PROJECT_ID is demo-mango-grove, a demo project/,
    ],
    [
      'the Auth emulator URL set',
      { 'web/.env.local': dotenv({ VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099' }) },
      /VITE_AUTH_EMULATOR_URL \(http:\/\/127\.0\.0\.1:9099\).*remove it from whichever of web\/\.env\.local, web\/\.env\.production\.local/,
    ],
    [
      'a web config for another project',
      { 'web/.env.production.local': webConfig({ VITE_FIREBASE_PROJECT_ID: 'mango-grove-staging' }) },
      /VITE_FIREBASE_PROJECT_ID is mango-grove-staging but the deploy would go to mango-grove-prod/,
    ],
    [
      'an http:// APP_URL',
      { [`functions/.env.${PROJECT}`]: functionSettings({ APP_URL: 'http://mango.example' }) },
      /APP_URL is http:\/\/mango\.example, not an https:\/\/ address/,
    ],
    [
      'an APP_URL without a host',
      { [`functions/.env.${PROJECT}`]: functionSettings({ APP_URL: 'https:' }) },
      /APP_URL is https:, not an https:\/\/ address with a host/,
    ],
    [
      'a MAIL_FROM that is not an address',
      { [`functions/.env.${PROJECT}`]: functionSettings({ MAIL_FROM: 'Mango Grove Tracker' }) },
      /MAIL_FROM is Mango Grove Tracker, not an email address.*functions\/\.env\.mango-grove-prod/,
    ],
    [
      'a MAIL_FROM whose address has no domain',
      { [`functions/.env.${PROJECT}`]: functionSettings({ MAIL_FROM: 'Mango <reminders@localhost>' }) },
      /MAIL_FROM is Mango <reminders@localhost>, not an email address/,
    ],
    [
      "the local stack's push receivers switched on",
      { [`functions/.env.${PROJECT}`]: functionSettings({ MANGO_LOCAL_PUSH_RECEIVERS: 'true' }) },
      /MANGO_LOCAL_PUSH_RECEIVERS is set \(true\), a setting of the local stack only/,
    ],
    [
      "the local stack's read reports, even switched off",
      { 'functions/.env': `${functionSettings()}MANGO_REPORT_READS=false\n` },
      /MANGO_REPORT_READS is set \(false\), a setting of the local stack only: remove it from whichever of functions\/\.env, functions\/\.env\.mango-grove-prod/,
    ],
    [
      'settings that functions/.env has and the project file takes back',
      {
        'functions/.env': functionSettings(),
        [`functions/.env.${PROJECT}`]: functionSettings({ APP_URL: 'http://mango.example' }),
      },
      /APP_URL is http:\/\/mango\.example/,
    ],
  ])('reports %s, and only that', (_fault, changes, expected) => {
    const { problems } = check(completeRepo(changes));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(expected);
  });

  it('takes a bare address as MAIL_FROM, and the settings from functions/.env', () => {
    const dir = completeRepo({
      'functions/.env': functionSettings({ MAIL_FROM: 'reminders@mangogrove.example' }),
      [`functions/.env.${PROJECT}`]: '',
    });
    expect(check(dir).problems).toEqual([]);
  });

  it('reports every fault at once', () => {
    const dir = completeRepo({
      'web/.env.production.local': dotenv({
        VITE_FIREBASE_PROJECT_ID: 'demo-mango-grove',
        VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
      }),
      [`functions/.env.${PROJECT}`]: functionSettings({ APP_URL: 'http://mango.example', MAIL_FROM: 'nobody' }),
    });
    const { problems } = check(dir);
    expect(
      problems.map((problem) => /VITE_FIREBASE_\w+|VITE_AUTH_EMULATOR_URL|APP_URL|MAIL_FROM/.exec(problem)?.[0]),
    ).toEqual([
      'VITE_FIREBASE_API_KEY', // the three keys this file no longer has
      'VITE_FIREBASE_PROJECT_ID',
      'VITE_AUTH_EMULATOR_URL',
      'APP_URL',
      'MAIL_FROM',
    ]);
  });

  it('deploys where --project says: another project than the web config and its settings name', () => {
    const { target, problems } = check(completeRepo(), {
      argv: ['--only', 'functions', '--project', 'mango-grove-staging'],
    });
    expect(target).toEqual({ id: 'mango-grove-staging', alias: undefined, source: 'the --project option' });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(
      /VITE_FIREBASE_PROJECT_ID is mango-grove-prod but the deploy would go to mango-grove-staging/,
    );
    // The settings of mango-grove-prod are not those of mango-grove-staging.
    expect(problems[1]).toMatch(
      /APP_URL .* is not set: put APP_URL=https:\/\/mango-grove-staging\.web\.app .* in functions\/\.env\.mango-grove-staging/,
    );
    expect(problems[2]).toMatch(/MAIL_FROM .* is not set: .* in functions\/\.env\.mango-grove-staging/);
    // -P and --project= are the same option.
    expect(check(completeRepo(), { argv: ['-P', 'mango-grove-staging'] }).target.id).toBe('mango-grove-staging');
    expect(check(completeRepo(), { argv: ['--project=mango-grove-staging'] }).target.id).toBe('mango-grove-staging');
  });

  it('resolves an alias through .firebaserc and reads its own settings file', () => {
    const firebaserc = JSON.stringify({
      projects: { default: 'demo-mango-grove', prod: PROJECT, staging: 'mango-grove-staging' },
    });
    const staging = completeRepo({
      '.firebaserc': firebaserc,
      'functions/.env.staging': functionSettings({ APP_URL: 'https://staging.mangogrove.example' }),
    });
    const { target, problems } = check(staging, { argv: ['--project', 'staging'] });
    expect(target).toEqual({
      id: 'mango-grove-staging',
      alias: 'staging',
      source: 'the --project option, alias staging in .firebaserc',
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /VITE_FIREBASE_PROJECT_ID is mango-grove-prod but the deploy would go to mango-grove-staging/,
    );

    // The alias of the web config's project passes; with no alias chosen, .firebaserc's default is a demo.
    const prod = completeRepo({ '.firebaserc': firebaserc });
    expect(check(prod, { argv: ['--project', 'prod'] }).problems).toEqual([]);
    expect(check(prod).problems).toEqual([expect.stringMatching(/deploy would go to demo-mango-grove/)]);
  });

  it('refuses the settings firebase-tools refuses: files for both the id and its alias, a line it cannot parse', () => {
    const dir = completeRepo({
      '.firebaserc': JSON.stringify({ projects: { prod: PROJECT } }),
      'functions/.env.prod': functionSettings(),
    });
    const { problems } = check(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /settings are in both functions\/\.env\.mango-grove-prod and functions\/\.env\.prod .*keep only one/,
    );
    // A line firebase-tools cannot parse is its own problem, naming the file and the line.
    write(dir, { '.firebaserc': JSON.stringify({ projects: { default: PROJECT } }), 'functions/.env': 'mail from\n' });
    fs.rmSync(path.join(dir, 'functions/.env.prod'));
    expect(check(dir).problems).toEqual([
      expect.stringMatching(/cannot read the function's settings \(Failed to load .*\.env\. .*mail from\)/),
    ]);
  });

  it('takes the project `firebase use` chose for this folder, before .firebaserc default', () => {
    const dir = completeRepo({
      '.firebaserc': JSON.stringify({ projects: { default: 'demo-mango-grove', prod: PROJECT } }),
    });
    const home = tempDir('home');
    write(home, { '.config/configstore/firebase-tools.json': JSON.stringify({ activeProjects: { [dir]: 'prod' } }) });
    const { target, problems } = check(dir, { home });
    expect(target).toEqual({
      id: PROJECT,
      alias: 'prod',
      source: '`firebase use` for this folder, alias prod in .firebaserc',
    });
    expect(problems).toEqual([]);
  });

  it('says that FIREBASE_PROJECT and GCLOUD_PROJECT choose nothing when they name another project', () => {
    const dir = completeRepo();
    expect(check(dir, { env: { FIREBASE_PROJECT: PROJECT, GCLOUD_PROJECT: 'default' } }).problems).toEqual([]);
    const { target, problems } = check(dir, { env: { GCLOUD_PROJECT: 'mango-grove-staging' } });
    expect(target.id).toBe(PROJECT);
    expect(problems).toEqual([
      expect.stringMatching(/^GCLOUD_PROJECT is mango-grove-staging, but `firebase deploy` does not read it/),
    ]);
  });

  it('asks for a project when none is chosen, and names PROJECT_ID in the commands', () => {
    const dir = completeRepo();
    fs.rmSync(path.join(dir, '.firebaserc'));
    const { target, problems, toConfirm } = check(dir);
    expect(target.id).toBeUndefined();
    expect(problems).toEqual([expect.stringMatching(/^No Firebase project is chosen .*`npx firebase use --add`/)]);
    expect(toConfirm.at(-1)?.commands).toEqual(iamLines('PROJECT_ID'));
  });
});

describe('npm run deploy and deploy:check', () => {
  // The real script, on the repository as committed, with no `firebase use` choice and no project
  // or web config from the environment of whoever runs the tests.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(VITE_|FIREBASE_PROJECT$|GCLOUD_PROJECT$|XDG_CONFIG_HOME$)/.test(key),
    ),
  );
  const run = (/** @type {string[]} */ args) =>
    spawnSync(process.execPath, ['scripts/deploy.mjs', ...args], {
      cwd: ROOT,
      env: { ...env, HOME: tempDir('home') },
      encoding: 'utf8',
    });

  it('exits 1 on the demo config with one line per problem', () => {
    const result = run(['--checks-only']);
    expect(result.status).toBe(1);
    const expected = checkDeploy({ root: ROOT, argv: [], env: {}, home: tempDir('home') }).problems;
    expect(result.stdout.split('\n').filter((line) => line.startsWith('- '))).toEqual(expected.map((p) => `- ${p}`));
    expect(result.stdout).toContain('2 problems to fix before deploying:');
  });

  it('does not start firebase deploy when a check fails', () => {
    const result = run(['--only', 'hosting']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Nothing was deployed: fix the problems above first.');
    expect(result.stdout).not.toContain('Deploying to');
  });
});
