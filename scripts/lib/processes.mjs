// The local stack's processes: a record of them (so a run that crashed, was killed with -9 or lost
// its terminal does not leave ports taken until someone finds and kills its leftovers by hand), and
// the process tree, which the launcher's tests use to kill a whole `npm start` at once.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The stack's ports are fixed, so there is one stack per machine and one record for it, wherever
 * the repository is.
 */
const STACK_RECORD = path.join(os.tmpdir(), `mango-grove-stack-${process.getuid?.() ?? 'user'}.json`);

/**
 * @typedef {{ pid: number, ppid: number, pgid: number, started: string, args: string }} ProcessInfo
 * @typedef {{ pid: number, started: string, args: string }} RecordedProcess
 * @typedef {{ root: string, dataDir: string, persist?: boolean, launcher: RecordedProcess, firestore?: RecordedProcess, emulators?: RecordedProcess, mail?: RecordedProcess }} StackRecord
 */

/** Every process of the machine, from `ps` (Linux and macOS). @returns {ProcessInfo[]} */
export function listProcesses() {
  const result = spawnSync('ps', ['-A', '-o', 'pid=,ppid=,pgid=,lstart=,args='], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`ps failed: ${result.stderr}`);
  /** @type {ProcessInfo[]} */
  const processes = [];
  for (const line of result.stdout.split('\n')) {
    // lstart is always five words: "Sun Nov 22 20:43:17 2026".
    const match = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+\s+\S+\s+\S+\s+\S+\s+\S+)\s+(.*)$/.exec(line);
    if (match)
      processes.push({
        pid: Number(match[1]),
        ppid: Number(match[2]),
        pgid: Number(match[3]),
        started: match[4],
        args: match[5],
      });
  }
  return processes;
}

/** @param {number} pid @returns {RecordedProcess | undefined} */
export function describeProcess(pid) {
  const found = listProcesses().find((p) => p.pid === pid);
  return found && { pid, started: found.started, args: found.args };
}

/** The process and every process below it. @param {number} pid @param {ProcessInfo[]} [processes] */
function processTree(pid, processes = listProcesses()) {
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of processes) {
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  return [...tree].filter((id) => id === pid || processes.some((p) => p.pid === id));
}

/** @param {number} pid @param {NodeJS.Signals} signal */
function signal(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * kill -9 of a process and everything below it, as a crash or a closed laptop would end them: all
 * are stopped first, so none can start another while the others die.
 * @param {number} pid
 */
export function killTree(pid) {
  const stopped = new Set();
  for (let round = 0; round < 5; round += 1) {
    const fresh = processTree(pid).filter((id) => !stopped.has(id));
    if (fresh.length === 0) break;
    for (const id of fresh) {
      signal(id, 'SIGSTOP');
      stopped.add(id);
    }
  }
  for (const id of stopped) signal(id, 'SIGKILL');
  return [...stopped];
}

/** @param {StackRecord} record */
export function writeStackRecord(record) {
  const tmp = `${STACK_RECORD}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(record, null, 2));
  fs.renameSync(tmp, STACK_RECORD);
}

/** @returns {StackRecord | undefined} */
export function readStackRecord() {
  try {
    return JSON.parse(fs.readFileSync(STACK_RECORD, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Forgets the record, if it is still this process's. */
export function removeStackRecord() {
  if (readStackRecord()?.launcher.pid === process.pid) fs.rmSync(STACK_RECORD, { force: true });
}

/** @param {RecordedProcess | undefined} recorded @param {ProcessInfo[]} processes */
const stillRunning = (recorded, processes) =>
  // A killed process its parent has not collected yet (a zombie) lists as "[name] <defunct>".
  Boolean(
    recorded &&
    processes.some((p) => p.pid === recorded.pid && p.started === recorded.started && p.args === recorded.args),
  );

/**
 * Ends what a previous stack left running when its launcher died without stopping it, and answers
 * the launcher of a stack that is still running, if there is one; `saveFirestore` first saves the
 * data of a Firestore emulator that is still running. A process counts as the
 * previous stack's only when its pid, start time and command line all match the record; the emulators' workers
 * count when they are in its process group and the emulators' own process is still the recorded
 * one, or, once that is gone, when their command line names the recorded repository.
 * @returns {Promise<{ running?: RecordedProcess, ended: number[] }>}
 */
export async function endLeftovers(
  { saveFirestore } = /** @type {{ saveFirestore?: (record: StackRecord) => Promise<void> }} */ ({}),
) {
  const record = readStackRecord();
  if (!record) return { ended: [] };
  let processes = listProcesses();
  if (record.launcher.pid !== process.pid && stillRunning(record.launcher, processes))
    return { running: record.launcher, ended: [] };

  /** @type {number[]} */
  const ended = [];
  if (record.firestore && stillRunning(record.firestore, processes)) {
    // The stack outlived its launcher and kept answering: what it stored since the launcher's last
    // save is saved before it ends.
    if (record.persist && saveFirestore) await saveFirestore(record);
    ended.push(record.firestore.pid);
  }
  if (record.mail && stillRunning(record.mail, processes)) ended.push(record.mail.pid);
  if (record.emulators) {
    const leader = stillRunning(record.emulators, processes);
    const pgid = record.emulators.pid;
    for (const p of processes) {
      if (p.pgid === pgid && (leader || p.args.includes(record.root))) ended.push(p.pid);
    }
  }
  for (const pid of ended) signal(pid, 'SIGKILL');
  // SIGKILL is not instant: wait until they are gone, so their ports are free.
  for (let waited = 0; waited < 5000; waited += 100) {
    processes = listProcesses();
    // A zombie holds no port.
    if (!ended.some((pid) => processes.some((p) => p.pid === pid && !p.args.includes('<defunct>')))) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fs.rmSync(STACK_RECORD, { force: true });
  return { ended };
}
