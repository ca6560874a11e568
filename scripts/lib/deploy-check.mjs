// What `npm run deploy` checks before it hands over to `firebase deploy`: the project it would go
// to, the web app's Firebase config and the function's settings, each read the way the deploy
// itself will read them, so a deploy that cannot work is refused before anything is built or
// uploaded. What only Google Cloud knows (secrets, IAM) is listed with the commands that confirm it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from 'vite';

const require = createRequire(import.meta.url);
/**
 * firebase-tools' own loader of the function's dotenv files: the same files, precedence and
 * parser (its `parseStrict`) as `firebase deploy`, rather than a second parser that could differ.
 * @type {{ loadUserEnvs: (opts: { functionsSource: string, configDir?: string, projectId: string, projectAlias?: string, projectDir: string, isEmulator?: boolean }) => Record<string, string> }}
 */
const functionsEnv = require('firebase-tools/lib/functions/env.js');

const REQUIRED_WEB_KEYS = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
];
/** The function's settings that only the local stack sets (functions/.env.local). */
const LOCAL_STACK_SETTINGS = ['MANGO_REPORT_READS', 'MANGO_LOCAL_PUSH_RECEIVERS'];
const WEB_ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local'];

/** The function's secrets (functions/src/config/runtime.ts and reminders.ts), and what each is for. */
const SECRETS = [
  ['CALENDAR_FEED_KEY', 'the key the calendar feed links are derived from, at least 32 random characters'],
  ['VAPID_PRIVATE_KEY', 'the Web Push (VAPID) private key the reminders are signed with'],
  ['SMTP_URL', 'the SMTP relay the reminder emails go through'],
];

/** The task-queue functions the API and the scheduled runs enqueue to (functions/src/index.ts). */
const TASK_FUNCTIONS = ['purgePlant', 'queueBatchDigests', 'sendDigest', 'emptyPlace'];

/** `addr@domain.tld`, or `Display Name <addr@domain.tld>`: the shapes nodemailer sends from and web-push's subject is cut from. */
const ADDRESS = String.raw`[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>".]+`;
const MAIL_FROM_RE = new RegExp(`^(?:${ADDRESS}|[^<>]*\\S\\s*<${ADDRESS}>)$`);

/**
 * @typedef {{ id: string | undefined, alias: string | undefined, source: string }} Target
 *   `alias` is the .firebaserc alias the id was reached through, which firebase-tools passes on
 *   (functions/.env.<alias> is read with it).
 * @typedef {{ what: string, commands: string[] }} Confirmation
 * @typedef {{ target: Target, problems: string[], toConfirm: Confirmation[] }} DeployCheck
 */

/** @param {string} file @returns {any} */
function readJson(file) {
  if (!fs.existsSync(file)) return undefined;
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${/** @type {Error} */ (error).message}).`, { cause: error });
  }
}

/**
 * The project `firebase deploy` would go to, resolved as firebase-tools 15 does it in
 * lib/command.js (`prepare` and `applyRC`): `--project`/`-P`, else the active project
 * `firebase use` stored for this folder or a parent (configstore key `activeProjects`, by absolute
 * directory), else firebase.json's legacy `firebase` key; an alias of .firebaserc `projects` then
 * resolves to its id; with nothing chosen, the only alias, else the `default` one. FIREBASE_PROJECT
 * and GCLOUD_PROJECT are not read by any of it (only `firebase init` reads FIREBASE_PROJECT), so
 * they choose nothing here either; checkDeploy reports one that disagrees.
 * @param {{ root: string, argv: string[], env: NodeJS.ProcessEnv, home: string }} where
 * @returns {Target & { missingValue?: boolean }}
 */
function resolveTarget({ root, argv, env, home }) {
  const { values } = parseArgs({
    args: argv,
    options: { project: { type: 'string', short: 'P' } },
    strict: false,
    allowPositionals: true,
  });
  /** @type {Record<string, string>} */
  const aliases = readJson(path.join(root, '.firebaserc'))?.projects ?? {};

  /** @type {string | undefined} */
  let chosen;
  let source = '';
  if (values.project === true)
    return { id: undefined, alias: undefined, source: 'the --project option', missingValue: true };
  if (typeof values.project === 'string') {
    chosen = values.project;
    source = 'the --project option';
  }
  if (!chosen) {
    // configstore's path: $XDG_CONFIG_HOME or ~/.config, then configstore/<package name>.json.
    const configDir = env.XDG_CONFIG_HOME || path.join(home, '.config');
    /** @type {Record<string, string>} */
    const active = readJson(path.join(configDir, 'configstore', 'firebase-tools.json'))?.activeProjects ?? {};
    for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
      if (active[dir]) {
        chosen = active[dir];
        source = '`firebase use` for this folder';
        break;
      }
      if (path.dirname(dir) === dir) break;
    }
  }
  if (!chosen) {
    chosen = readJson(path.join(root, 'firebase.json'))?.firebase;
    if (chosen) source = "firebase.json's `firebase` key";
  }

  if (chosen && aliases[chosen])
    return { id: aliases[chosen], alias: chosen, source: `${source}, alias ${chosen} in .firebaserc` };
  if (chosen) return { id: chosen, alias: undefined, source };
  const names = Object.keys(aliases);
  if (names.length === 1)
    return { id: aliases[names[0]], alias: names[0], source: `.firebaserc's only alias, ${names[0]}` };
  if (aliases.default) return { id: aliases.default, alias: 'default', source: ".firebaserc's default project" };
  return { id: undefined, alias: undefined, source: 'nothing' };
}

/** @param {Target} target @param {NodeJS.ProcessEnv} env @returns {string[]} */
function projectProblems(target, env) {
  const problems = [];
  if (!target.id) {
    problems.push(
      'No Firebase project is chosen for this folder: run `npx firebase use --add` and pick the project, or pass `--project <project id>`.',
    );
  } else if (target.id.startsWith('demo-')) {
    problems.push(
      `The deploy would go to ${target.id} (from ${target.source}), a demo project that exists only in the emulators: run \`npx firebase use --add\` and pick the real project, or pass \`--project <project id>\`.`,
    );
  }
  for (const name of ['FIREBASE_PROJECT', 'GCLOUD_PROJECT']) {
    const named = env[name];
    if (named && named !== target.id && named !== target.alias) {
      problems.push(
        `${name} is ${named}, but \`firebase deploy\` does not read it${target.id ? ` and would deploy to ${target.id}` : ''}: pass \`--project ${named}\`, or unset ${name}.`,
      );
    }
  }
  return problems;
}

/**
 * The web app's Firebase config as Vite's production build sees it: loadEnv reads the four files
 * and lets VITE_* variables of the environment win, and the build (Hosting's predeploy) inherits
 * this process's environment.
 * @param {string} root @param {Target} target @param {NodeJS.ProcessEnv} env @returns {string[]}
 */
function webProblems(root, target, env) {
  const webDir = path.join(root, 'web');
  /** @type {Record<string, string | undefined>} */
  const config = { ...loadEnv('production', webDir, 'VITE_') };
  for (const [key, value] of Object.entries(env)) if (key.startsWith('VITE_')) config[key] = value;
  const present = WEB_ENV_FILES.map((file) => `web/${file}`).filter((file) => fs.existsSync(path.join(root, file)));
  const files = present.length ? present.join(', ') : 'web/.env.production.local';

  const problems = [];
  const missing = REQUIRED_WEB_KEYS.filter((key) => !config[key]);
  if (missing.length) {
    const consequence = config.VITE_FIREBASE_PROJECT_ID
      ? ''
      : ', so the build would target the demo project and the emulators';
    problems.push(
      `The web config has no ${missing.join(', ')}${consequence}: copy web/.env.example to web/.env.production.local and fill it in from Firebase console > Project settings > Your apps.`,
    );
  }
  const webProject = config.VITE_FIREBASE_PROJECT_ID;
  if (webProject?.startsWith('demo-')) {
    problems.push(
      `The web config's VITE_FIREBASE_PROJECT_ID is ${webProject}, a demo project that exists only in the emulators: set the real project's config in ${files} (Firebase console > Project settings > Your apps).`,
    );
  } else if (webProject && target.id && !target.id.startsWith('demo-') && webProject !== target.id) {
    problems.push(
      `The web config's VITE_FIREBASE_PROJECT_ID is ${webProject} but the deploy would go to ${target.id} (from ${target.source}), so the site would sign people in to another project than its API's: fix the config in ${files}, or pass \`--project ${webProject}\`.`,
    );
  }
  if (config.VITE_AUTH_EMULATOR_URL) {
    problems.push(
      `The web config sets VITE_AUTH_EMULATOR_URL (${config.VITE_AUTH_EMULATOR_URL}), which points sign-in at the local Auth emulator and belongs to the local stack only: remove it from ${env.VITE_AUTH_EMULATOR_URL ? 'the environment' : present.length > 1 ? `whichever of ${files} sets it` : files}.`,
    );
  }
  return problems;
}

/**
 * The function's settings as `firebase deploy` reads them: functions/.env, then .env.<project id>,
 * then .env.<alias> (firebase-tools' lib/functions/env.js, `findEnvfiles` and `loadUserEnvs`).
 * Only for a real project: which files count depends on it, and advice to fill in
 * functions/.env.demo-mango-grove would be wrong.
 * @param {string} root @param {string} id @param {string | undefined} alias @returns {string[]}
 */
function functionProblems(root, id, alias) {
  const codebase = [readJson(path.join(root, 'firebase.json'))?.functions ?? []].flat()[0] ?? {};
  const source = path.join(root, codebase.source ?? 'functions');
  const configDir = codebase.configDir ? path.join(root, codebase.configDir) : source;
  const settingsFile = `${path.relative(root, configDir)}/.env.${id}`;

  /** @type {Record<string, string>} */
  let settings;
  try {
    settings = functionsEnv.loadUserEnvs({
      functionsSource: source,
      configDir,
      projectId: id,
      projectAlias: alias,
      projectDir: root,
      isEmulator: false,
    });
  } catch (error) {
    const dir = path.relative(root, configDir);
    if (
      alias &&
      fs.existsSync(path.join(configDir, `.env.${id}`)) &&
      fs.existsSync(path.join(configDir, `.env.${alias}`))
    ) {
      return [
        `The function's settings are in both ${dir}/.env.${id} and ${dir}/.env.${alias} (the alias), which firebase-tools refuses: keep only one of the two files.`,
      ];
    }
    const { message, children } = /** @type {{ message: string, children?: { message: string }[] }} */ (error);
    const detail = [message, ...(children ?? []).map((child) => child.message)].join(' ').trim();
    return [
      `firebase-tools cannot read the function's settings (${detail}): correct that file in ${dir}/, one KEY=value a line with the key in upper case.`,
    ];
  }

  const problems = [];
  const appUrl = settings.APP_URL;
  /** @type {URL | undefined} */
  let url;
  try {
    url = appUrl ? new URL(appUrl) : undefined;
  } catch {
    url = undefined;
  }
  const siteGuess = `https://${id}.web.app`;
  if (!appUrl) {
    problems.push(
      `The function's APP_URL (the site the reminder emails link to) is not set: put APP_URL=${siteGuess} (or the site's own domain) in ${settingsFile}.`,
    );
  } else if (url?.protocol !== 'https:' || !url.hostname) {
    problems.push(
      `The function's APP_URL is ${appUrl}, not an https:// address with a host, and the reminder emails link to it: set APP_URL=${siteGuess} (or the site's own https address) in ${settingsFile}.`,
    );
  }
  const mailFrom = settings.MAIL_FROM;
  if (!mailFrom) {
    problems.push(
      `The function's MAIL_FROM (the reminder emails' sender) is not set: put MAIL_FROM="Mango Grove Tracker <reminders@your-domain>" in ${settingsFile}, with an address the SMTP relay may send as.`,
    );
  } else if (!MAIL_FROM_RE.test(mailFrom.trim())) {
    problems.push(
      `The function's MAIL_FROM is ${mailFrom}, not an email address: set it in ${settingsFile} to addr@domain.tld or "Display Name <addr@domain.tld>".`,
    );
  }
  // The local stack's own settings (functions/src/config/local-stack.ts): the launcher writes them
  // to functions/.env.local, which a deploy never reads; in a deployment's file they would make
  // answers report their reads and let the server post to push endpoints on localhost.
  for (const name of LOCAL_STACK_SETTINGS) {
    if (settings[name] !== undefined) {
      problems.push(
        `The function's ${name} is set (${settings[name]}), a setting of the local stack only: remove it from whichever of ${path.relative(root, configDir)}/.env, ${settingsFile} sets it.`,
      );
    }
  }
  return problems;
}

/**
 * The region of the API, from firebase.json's rewrite to it. functions/src/config/runtime.ts
 * gives every function that region, and its unit test keeps the two files in step.
 * @param {string} root
 */
function functionRegion(root) {
  /** @type {{ function?: { functionId?: string, region?: string } }[]} */
  const rewrites = readJson(path.join(root, 'firebase.json'))?.hosting?.rewrites ?? [];
  return rewrites.find((rewrite) => rewrite.function?.functionId === 'api')?.function?.region ?? 'us-central1';
}

/**
 * What cannot be read offline, with the exact commands that confirm or set it. A demo project has
 * no Google Cloud side, so its commands name PROJECT_ID, as when no project is chosen.
 * @param {string} root @param {string | undefined} projectId @returns {Confirmation[]}
 */
function confirmations(root, projectId) {
  const id = projectId && !projectId.startsWith('demo-') ? projectId : 'PROJECT_ID';
  const region = functionRegion(root);
  const secrets = SECRETS.map(([name, what]) => ({
    what: `The secret ${name} (${what}) is set in Secret Manager: the first command shows its versions without its value; the second sets it.`,
    commands: [
      `npx firebase functions:secrets:get ${name} --project ${id}`,
      `npx firebase functions:secrets:set ${name} --project ${id}`,
    ],
  }));
  const member = '--member="serviceAccount:$SA"';
  const iam = {
    what: "The function's runtime service account (the Compute Engine default one) may enqueue Cloud Tasks as itself and call the task functions, since the API and the scheduled runs enqueue tasks with the Admin SDK.",
    commands: [
      `SA="$(gcloud projects describe ${id} --format='value(projectNumber)')-compute@developer.gserviceaccount.com"`,
      `gcloud projects add-iam-policy-binding ${id} ${member} --role=roles/cloudtasks.enqueuer`,
      `gcloud iam service-accounts add-iam-policy-binding "$SA" --project=${id} ${member} --role=roles/iam.serviceAccountUser`,
      // A 2nd gen function's Cloud Run service is named after it, in lower case.
      ...TASK_FUNCTIONS.map(
        (name) =>
          `gcloud run services add-iam-policy-binding ${name.toLowerCase()} --project=${id} --region=${region} ${member} --role=roles/run.invoker`,
      ),
    ],
  };
  return [...secrets, iam];
}

/**
 * Every reason the deploy cannot work, all at once, and what to confirm by hand.
 * @param {{ root: string, argv: string[], env: NodeJS.ProcessEnv, home: string }} where
 * @returns {DeployCheck}
 */
export function checkDeploy({ root, argv, env, home }) {
  const { missingValue, ...target } = resolveTarget({ root, argv, env, home });
  const problems = missingValue
    ? ['`--project` is given without a value: pass `--project <project id or alias>`.']
    : projectProblems(target, env);
  problems.push(...webProblems(root, target, env));
  if (target.id && !target.id.startsWith('demo-')) problems.push(...functionProblems(root, target.id, target.alias));
  return { target, problems, toConfirm: confirmations(root, target.id) };
}

/** The check as a person reads it. @param {DeployCheck} check @returns {string} */
export function formatDeployCheck({ target, problems, toConfirm }) {
  const lines = [
    target.id
      ? `Deploy check for project ${target.id} (from ${target.source}).`
      : 'Deploy check: no project is chosen.',
    '',
  ];
  if (problems.length) {
    lines.push(`${problems.length === 1 ? 'One problem' : `${problems.length} problems`} to fix before deploying:`);
    for (const problem of problems) lines.push(`- ${problem}`);
  } else {
    lines.push('No problem found in this folder.');
  }
  lines.push('', 'To confirm by hand (Google Cloud holds these, so this folder cannot show them):');
  toConfirm.forEach(({ what, commands }, index) => {
    lines.push(`${index + 1}. ${what}`, ...commands.map((command) => `     ${command}`));
  });
  return lines.join('\n');
}
