// The lockfile of what `firebase deploy` uploads from functions/. The repository is an npm
// workspace, so its one lockfile is the root's, and the upload (functions/ alone) would carry none:
// Cloud Build would then install whatever the caret ranges resolve to that day, versions no test
// ever ran. functions/package-lock.json is the root lockfile's part that functions/ uses, laid out
// as a project of its own: the same version of every package the workspace resolved for it.
//
// npm has no command for this (`npm install --package-lock-only` in a copy resolves afresh), so it
// is derived here: the packages the functions workspace reaches through its dependencies, each
// found where Node.js would find it in the root's tree, then placed in the new tree at the top when
// that name is free there and else beside the package that needs it. npm itself checks the result:
// the upload test installs it with `npm ci` and lists it with `npm ls --all`.
import fs from 'node:fs';
import path from 'node:path';

/** Edges npm installs, and whether each kind is optional, dev-only or a peer's. */
const EDGE_KINDS = /** @type {const} */ ([
  ['dependencies', { optional: false, dev: false, peer: false }],
  ['optionalDependencies', { optional: true, dev: false, peer: false }],
  ['peerDependencies', { optional: false, dev: false, peer: true }],
  ['devDependencies', { optional: false, dev: true, peer: false }],
]);

/**
 * @typedef {Record<string, any>} LockEntry
 * @typedef {{ lockfileVersion: number, packages: Record<string, LockEntry>, [key: string]: unknown }} Lockfile
 */

/** The folder a lock location's package sits in, and its parent package's location ('' at the top). */
function parentOf(/** @type {string} */ location) {
  const at = location.lastIndexOf('/node_modules/');
  if (at >= 0) return location.slice(0, at);
  return location.startsWith('node_modules/') ? '' : path.posix.dirname(location) === '.' ? '' : location;
}

/**
 * Where Node.js finds `name` from the package at `location` in a lockfile's tree: its own
 * node_modules, then each enclosing package's, then the top.
 * @param {Record<string, LockEntry>} packages
 * @param {string} location
 * @param {string} name
 */
function resolveIn(packages, location, name) {
  for (let at = location; ;) {
    const candidate = at ? `${at}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate] && !packages[candidate].link) return candidate;
    if (!at) return undefined;
    const parent = parentOf(at);
    at = parent === at ? '' : parent;
  }
}

/**
 * The standalone lockfile of workspace `workspace` (a folder of the root) from the root lockfile.
 * @param {Lockfile} rootLock
 * @param {string} workspace e.g. 'functions'
 * @param {{ name: string, version?: string, [key: string]: unknown }} manifest the workspace's package.json
 * @returns {Lockfile}
 */
export function standaloneLockfile(rootLock, workspace, manifest) {
  const source = rootLock.packages;
  if (!source[workspace]) throw new Error(`The root lockfile has no workspace "${workspace}".`);
  /** @type {LockEntry} */
  const top = {
    name: manifest.name,
    ...(manifest.version ? { version: manifest.version } : {}),
  };
  for (const [kind] of EDGE_KINDS) if (manifest[kind]) top[kind] = manifest[kind];
  if (manifest.engines) top.engines = manifest.engines;

  /** @type {Map<string, { from: string, entry: LockEntry }>} new location -> where it came from */
  const placed = new Map([['', { from: workspace, entry: top }]]);
  /** @type {{ at: string, from: string }[]} */
  const queue = [{ at: '', from: workspace }];
  /** @type {Map<string, { to: string, optional: boolean, dev: boolean, peer: boolean }[]>} */
  const edges = new Map();
  const identity = (/** @type {string} */ from) =>
    `${source[from]?.name ?? from.split('node_modules/').pop()}@${source[from]?.version}`;

  /** Where a package at `at` (new tree) finds `name` now. */
  const findPlaced = (/** @type {string} */ at, /** @type {string} */ name) => {
    for (let here = at; ;) {
      const candidate = here ? `${here}/node_modules/${name}` : `node_modules/${name}`;
      if (placed.has(candidate)) return candidate;
      if (!here) return undefined;
      here = parentOf(here);
    }
  };

  while (queue.length) {
    const { at, from } = /** @type {{ at: string, from: string }} */ (queue.shift());
    const entry = at === '' ? top : source[from];
    /** @type {{ to: string, optional: boolean, dev: boolean, peer: boolean }[]} */
    const out = [];
    for (const [kind, flags] of EDGE_KINDS) {
      if (kind === 'devDependencies' && at !== '') continue;
      for (const name of Object.keys(entry[kind] ?? {})) {
        // An optional peer is installed only when something else needs it, as npm does.
        if (flags.peer && entry.peerDependenciesMeta?.[name]?.optional) continue;
        const found = resolveIn(source, from, name);
        if (!found) {
          // An optional dependency for another platform.
          if (flags.optional) continue;
          throw new Error(`${from || 'the root'} needs ${name}, which the root lockfile does not hold.`);
        }
        let target = findPlaced(at, name);
        if (!target || identity(placed.get(target)?.from ?? '') !== identity(found)) {
          // Free at the top: placed there; taken by another version: beside the package that needs it.
          target = placed.has(`node_modules/${name}`)
            ? `${at ? `${at}/` : ''}node_modules/${name}`
            : `node_modules/${name}`;
          if (!placed.has(target)) {
            placed.set(target, { from: found, entry: source[found] });
            queue.push({ at: target, from: found });
          }
        }
        out.push({ to: target, ...flags });
      }
    }
    edges.set(at, out);
  }

  // dev, optional, devOptional and peer as npm sets them: which kinds of path reach a package.
  const reach = (/** @type {(edge: { optional: boolean, dev: boolean, peer: boolean }) => boolean} */ follow) => {
    const seen = new Set(['']);
    const stack = [''];
    while (stack.length) {
      for (const edge of edges.get(/** @type {string} */ (stack.pop())) ?? []) {
        if (follow(edge) && !seen.has(edge.to)) {
          seen.add(edge.to);
          stack.push(edge.to);
        }
      }
    }
    return seen;
  };
  const prod = reach((edge) => !edge.dev);
  const required = reach((edge) => !edge.optional);
  const prodRequired = reach((edge) => !edge.dev && !edge.optional);
  const nonPeer = reach((edge) => !edge.peer);

  /** @type {Record<string, LockEntry>} */
  const packages = { '': top };
  const sorted = [...placed].filter(([location]) => location).sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [location, { entry: found }] of sorted) {
    const { dev: _dev, optional: _optional, devOptional: _devOptional, peer: _peer, ...entry } = found;
    const dev = !prod.has(location);
    const optional = !required.has(location);
    packages[location] = {
      ...entry,
      ...(dev ? { dev: true } : {}),
      ...(optional ? { optional: true } : {}),
      ...(!dev && !optional && !prodRequired.has(location) ? { devOptional: true } : {}),
      ...(!nonPeer.has(location) ? { peer: true } : {}),
    };
  }
  return {
    name: manifest.name,
    ...(manifest.version ? { version: manifest.version } : {}),
    lockfileVersion: rootLock.lockfileVersion,
    requires: true,
    packages,
  };
}

/**
 * functions/package-lock.json as the root lockfile gives it now (the text npm would write).
 * @param {string} root the repository
 */
export function functionsLockfileText(root) {
  const rootLock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'functions/package.json'), 'utf8'));
  return `${JSON.stringify(standaloneLockfile(rootLock, 'functions', manifest), null, 2)}\n`;
}

export const FUNCTIONS_LOCKFILE = 'functions/package-lock.json';
