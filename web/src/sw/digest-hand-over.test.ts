import type { DigestPush } from '@model/reminders';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HAND_OVER_LIFETIME_MS, handOver, openDigestClick, takeHandOver } from './digest-hand-over';
import { digestNotification, OPEN_PAGE_MESSAGE, readDigestNonce, type WindowClientLike } from './digest-push';
import { forgetDatabases, rowsOf } from '@/test/indexed-db';

const push: DigestPush = {
  title: '2 plants need care today',
  body: 'Fern: water (1 day overdue)\nMonstera: fertilize (due today)',
  url: '/dashboard/today',
  day: '2026-03-10',
  jobs: [
    { plantId: 'fern1', task: 'water' },
    { plantId: 'mon2', task: 'fertilize' },
  ],
};
const data = digestNotification(JSON.stringify(push), 3).options.data;
const NOW = Date.UTC(2026, 2, 10, 7, 0);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const client = (url: string): WindowClientLike => ({
  url,
  focused: false,
  postMessage: vi.fn(),
  focus: vi.fn(() => Promise.resolve()),
});
const clientsOf = (windows: WindowClientLike[]) => ({
  matchAll: vi.fn(() => Promise.resolve(windows)),
  openWindow: vi.fn((_url: string) => Promise.resolve(null)),
});
/** The nonce of the address a click opened (a new window's). */
const nonceOpened = (clients: ReturnType<typeof clientsOf>) => {
  const [url] = clients.openWindow.mock.lastCall!;
  return readDigestNonce(url.slice(url.indexOf('#')));
};

beforeEach(async () => {
  await forgetDatabases();
});

describe('a click on an action of the notification', () => {
  it('keeps Done and its jobs under a new nonce, and opens Today with the nonce alone in its address', async () => {
    const clients = clientsOf([]);
    await openDigestClick(clients, 'done', data, NOW);
    const [url] = clients.openWindow.mock.lastCall!;
    expect(url).toMatch(/^\/dashboard\/today#digest=[0-9a-f-]{36}$/);
    // No job, plant or action in the address: only what the worker keeps says what to record.
    for (const word of ['fern1', 'mon2', 'water', 'done', 'jobs']) expect(url).not.toContain(word);
    const nonce = nonceOpened(clients)!;
    expect(nonce).toMatch(UUID);
    expect(await takeHandOver(nonce, NOW + 1_000)).toEqual({ kind: 'done', jobs: push.jobs, at: NOW });
  });

  it("tells an open Today the nonce's address, for Snooze 1 day and Not needed yet alike", async () => {
    for (const kind of ['snooze', 'check']) {
      const today = client('https://mango.test/dashboard/today');
      await openDigestClick(clientsOf([today]), kind, data, NOW);
      const { url } = vi.mocked(today.postMessage).mock.lastCall![0] as { type: string; url: string };
      expect(vi.mocked(today.postMessage).mock.lastCall![0]).toEqual({ type: OPEN_PAGE_MESSAGE, url });
      expect(url).toMatch(/^\/dashboard\/today#digest=[0-9a-f-]{36}$/);
      expect(await takeHandOver(readDigestNonce(url.slice(url.indexOf('#')))!, NOW)).toEqual({
        kind,
        jobs: push.jobs,
        at: NOW,
      });
    }
  });

  it('gives each click a nonce of its own', async () => {
    const clients = clientsOf([]);
    await openDigestClick(clients, 'done', data, NOW);
    const first = nonceOpened(clients);
    await openDigestClick(clients, 'done', data, NOW);
    expect(nonceOpened(clients)).not.toBe(first);
    expect(await rowsOf('mango-digest', 'hand-overs')).toHaveLength(2);
  });

  it('keeps nothing for a click on the notification itself, or one that lists no job: Today opens alone', async () => {
    const clients = clientsOf([]);
    await openDigestClick(clients, '', data, NOW);
    await openDigestClick(clients, 'done', { url: '/dashboard/today', day: null, jobs: [] }, NOW);
    expect(clients.openWindow.mock.calls).toEqual([['/dashboard/today'], ['/dashboard/today']]);
    expect(await rowsOf('mango-digest', 'hand-overs')).toEqual([]);
  });
});

describe('takeHandOver', () => {
  const action = { kind: 'done' as const, jobs: [{ plantId: 'fern1', task: 'water' as const }], at: NOW };

  it('gives the action once: a second read, by this page or another, finds nothing', async () => {
    const nonce = await handOver(action);
    expect(await takeHandOver(nonce, NOW)).toEqual(action);
    expect(await takeHandOver(nonce, NOW)).toBeNull();
    expect(await rowsOf('mango-digest', 'hand-overs')).toEqual([]);
  });

  it('gives nothing for a nonce the worker never made, or anything else a link may carry', async () => {
    await handOver(action);
    for (const nonce of [crypto.randomUUID(), 'done', 'fern1.water', ''])
      expect(await takeHandOver(nonce, NOW), nonce).toBeNull();
    expect(await rowsOf('mango-digest', 'hand-overs')).toHaveLength(1);
  });

  it('gives nothing once its day is over, and a later click forgets what nobody took', async () => {
    const late = await handOver(action);
    expect(await takeHandOver(late, NOW + HAND_OVER_LIFETIME_MS)).toBeNull();
    const left = await handOver(action);
    await handOver({ ...action, at: NOW + HAND_OVER_LIFETIME_MS });
    expect((await rowsOf('mango-digest', 'hand-overs')).map((row) => row.nonce)).not.toContain(left);
    expect(await rowsOf('mango-digest', 'hand-overs')).toHaveLength(1);
  });
});
