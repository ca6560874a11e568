// The local stack's mail server: MailDev (npm), a real SMTP server that keeps every mail it is
// sent and shows them in a web inbox with a REST API (`GET /api/email`), so the reminders' emails
// go over SMTP locally exactly as they go to a provider in production, and can be read.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Starts MailDev on 127.0.0.1 and resolves once its REST API answers.
 * @param {{ smtpPort: number, webPort: number, logFile: string, mailDir?: string, timeoutMs?: number }} options
 *   mailDir keeps the mails across restarts (npm start's data folder); without it they live in memory.
 */
export async function startMailServer({ smtpPort, webPort, logFile, mailDir, timeoutMs = 30_000 }) {
  // The package exports only its API; its command line is dist/bin/maildev.js beside dist/index.js.
  const bin = path.join(path.dirname(fileURLToPath(import.meta.resolve('maildev'))), 'bin/maildev.js');
  const args = [
    bin,
    '--smtp',
    String(smtpPort),
    '--web',
    String(webPort),
    '--ip',
    '127.0.0.1',
    '--web-ip',
    '127.0.0.1',
  ];
  if (mailDir) {
    fs.mkdirSync(mailDir, { recursive: true });
    args.push('--mail-directory', mailDir);
  }
  const out = fs.openSync(logFile, 'a');
  // Its own process group, as the emulators': Ctrl-C reaches only the launcher, which stops it.
  const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  let exited = false;
  const exit = new Promise((resolve) => child.once('exit', () => ((exited = true), resolve(undefined))));
  const url = `http://127.0.0.1:${webPort}`;
  for (const deadline = Date.now() + timeoutMs; ;) {
    if (exited) throw new Error(`MailDev stopped while starting; see ${logFile}.`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`MailDev did not answer within ${timeoutMs / 1000} s; see ${logFile}.`);
    }
    const ok = await fetch(`${url}/api/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    pid: /** @type {number} */ (child.pid),
    url,
    exit,
    async stop() {
      if (!exited) child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exit;
      clearTimeout(forced);
    },
  };
}
