import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS_LOCKFILE, functionsLockfileText, standaloneLockfile } from './functions-lockfile.mjs';
import { ROOT } from './stack.mjs';

/** @param {string} name @param {string} version @param {Record<string, string>} [dependencies] */
const entry = (name, version, dependencies) => ({
  version,
  integrity: `sha512-${name}-${version}`,
  ...(dependencies ? { dependencies } : {}),
});

describe('functions/package-lock.json', () => {
  it("is the root lockfile's part for functions/ as committed: the build and a commit keep them in step", () => {
    // What git holds (the index: staged or committed), not the working copy the build rewrites.
    const committed = execFileSync('git', ['show', `:${FUNCTIONS_LOCKFILE}`], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(
      committed === functionsLockfileText(ROOT),
      `${FUNCTIONS_LOCKFILE} differs from what package-lock.json gives: run \`npm run build -w functions\` and commit it`,
    ).toBe(true);
  });

  it('changes when a version the workspace resolved changes', () => {
    const rootLock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'functions/package.json'), 'utf8'));
    const before = standaloneLockfile(rootLock, 'functions', manifest);
    rootLock.packages['node_modules/zod'].version = '4.0.0';
    const after = standaloneLockfile(rootLock, 'functions', manifest);
    expect(before.packages['node_modules/zod'].version).not.toBe('4.0.0');
    expect(after.packages['node_modules/zod'].version).toBe('4.0.0');
  });

  it('keeps every version as the root resolved it, nesting a package where the top holds another version', () => {
    const rootLock = {
      lockfileVersion: 3,
      packages: {
        '': { name: 'root', workspaces: ['web', 'functions'] },
        functions: { dependencies: { x: '^2.0.0', y: '^1.0.0' }, devDependencies: { t: '^1.0.0' } },
        web: { dependencies: { x: '^1.0.0', w: '^1.0.0' } },
        'node_modules/functions': { resolved: 'functions', link: true },
        'node_modules/web': { resolved: 'web', link: true },
        // Hoisted for web: x@1. Functions' own x@2 sits in functions/node_modules.
        'node_modules/x': { ...entry('x', '1.0.0'), dev: true },
        'functions/node_modules/x': entry('x', '2.0.0'),
        // y needs x@1: from the top, as the root's tree gives it.
        'node_modules/y': entry('y', '1.0.0', { x: '^1.0.0', z: '^1.0.0' }),
        'node_modules/y/node_modules/z': entry('z', '1.0.0'),
        'node_modules/t': { ...entry('t', '1.0.0', { z: '^2.0.0' }), dev: true },
        'node_modules/z': { ...entry('z', '2.0.0'), dev: true },
        'node_modules/w': entry('w', '1.0.0'),
      },
    };
    const lock = standaloneLockfile(rootLock, 'functions', {
      name: 'functions',
      dependencies: { x: '^2.0.0', y: '^1.0.0' },
      devDependencies: { t: '^1.0.0' },
    });
    expect(lock.packages).toEqual({
      '': { name: 'functions', dependencies: { x: '^2.0.0', y: '^1.0.0' }, devDependencies: { t: '^1.0.0' } },
      'node_modules/x': entry('x', '2.0.0'),
      'node_modules/y': entry('y', '1.0.0', { x: '^1.0.0', z: '^1.0.0' }),
      'node_modules/y/node_modules/x': entry('x', '1.0.0'),
      // Placed first (y comes before the dev dependency t), so at the top; t's other version beside t.
      'node_modules/z': entry('z', '1.0.0'),
      'node_modules/t': { ...entry('t', '1.0.0', { z: '^2.0.0' }), dev: true },
      'node_modules/t/node_modules/z': { ...entry('z', '2.0.0'), dev: true },
    });
  });
});
