import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PORTS, StackError, URLS, startStack } from './stack.mjs';

const identityToolkit = `${URLS.auth}/identitytoolkit.googleapis.com/v1`;

/** @param {string} method @param {unknown} body */
async function authCall(method, body) {
  const response = await fetch(`${identityToolkit}/${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: /** @type {any} */ (await response.json()) };
}

/** @param {number} port */
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.once('listening', () => probe.close(() => resolve(true)));
    probe.listen(port, '0.0.0.0');
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mango-launcher-test-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the local stack launcher', () => {
  const email = `launcher-${Date.now()}@example.test`;
  const password = 'Persist123';

  it('seeds a fresh data folder, and keeps an account and a plant across a restart', async () => {
    const first = await startStack({ dataDir, persist: true, seed: true });
    /** @type {string} */
    let plantId;
    try {
      const seeded = await (await fetch(`${URLS.hosting}/mango`)).json();
      expect(seeded.length).toBe(15);

      const signUp = await authCall('accounts:signUp', { email, password, returnSecureToken: true });
      expect(signUp.status).toBe(200);
      const created = await fetch(`${URLS.hosting}/mango`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${signUp.body.idToken}` },
        body: JSON.stringify({ plantName: 'Persistent Pothos', category: 'Flower' }),
      });
      expect(created.status).toBe(201);
      plantId = (await created.json()).insertedId;
    } finally {
      await first.stop();
    }

    for (const { port } of Object.values(PORTS)) expect(await portIsFree(port), `port ${port} is free after stop`).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'firestore.json'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'auth', 'firebase-export-metadata.json'))).toBe(true);

    const second = await startStack({ dataDir, persist: true, seed: true });
    try {
      const plants = await (await fetch(`${URLS.hosting}/mango`)).json();
      expect(plants.length).toBe(16);
      expect(plants.find((/** @type {any} */ p) => p._id === plantId)?.plantName).toBe('Persistent Pothos');
      const signIn = await authCall('accounts:signInWithPassword', { email, password, returnSecureToken: true });
      expect(signIn.status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('refuses to start when a port is taken, naming the port in one sentence', async () => {
    const blocker = net.createServer();
    await new Promise((resolve) => blocker.listen(PORTS.hosting.port, '127.0.0.1', () => resolve(undefined)));
    try {
      const attempt = startStack({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mango-launcher-busy-')), persist: false, seed: false });
      await expect(attempt).rejects.toBeInstanceOf(StackError);
      await expect(attempt).rejects.toThrow(`Port ${PORTS.hosting.port} is already in use`);
    } finally {
      await new Promise((resolve) => blocker.close(() => resolve(undefined)));
    }
    for (const { port } of Object.values(PORTS)) expect(await portIsFree(port)).toBe(true);
  });
});
