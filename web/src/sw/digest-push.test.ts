import type { DigestPush } from '@model/reminders';
import { describe, expect, it, vi } from 'vitest';
import {
  DIGEST_TAG,
  digestActionOf,
  digestLink,
  digestNotification,
  OPEN_PAGE_MESSAGE,
  openDigestLink,
  readDigestNonce,
  type WindowClientLike,
} from './digest-push';

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

describe('digestNotification', () => {
  it('shows the digest: its title and body, one tag, what a click needs, and Done and Snooze 1 day', () => {
    expect(digestNotification(JSON.stringify(push))).toEqual({
      title: '2 plants need care today',
      options: {
        body: 'Fern: water (1 day overdue)\nMonstera: fertilize (due today)',
        tag: DIGEST_TAG,
        renotify: true,
        icon: '/icons/icon-192.png',
        data: { url: '/dashboard/today', day: '2026-03-10', jobs: push.jobs },
        actions: [
          { action: 'done', title: 'Done' },
          { action: 'snooze', title: 'Snooze 1 day' },
        ],
      },
    });
  });

  it('adds "Not needed yet" where the browser shows three actions, and hands it to Today', () => {
    const { options } = digestNotification(JSON.stringify(push), 3);
    expect(options.actions?.map(({ action, title }) => `${action}: ${title}`)).toEqual([
      'done: Done',
      'snooze: Snooze 1 day',
      'check: Not needed yet',
    ]);
    expect(digestNotification(JSON.stringify(push), undefined).options.actions).toHaveLength(2);
    expect(digestActionOf('check', options.data, 99)).toEqual({ kind: 'check', jobs: push.jobs, at: 99 });
  });

  it('shows "Your plants need care" for a push it cannot read, rather than nothing', () => {
    for (const text of [undefined, null, '', 'not json', '42', 'null', '{"body":"no title"}', '{"title":"  "}']) {
      const { title, options } = digestNotification(text);
      expect(title, String(text)).toBe('Your plants need care');
      expect(options).toMatchObject({ body: 'Open Today to see what is due.', tag: DIGEST_TAG });
      expect(options.data).toEqual({ url: '/dashboard/today', day: null, jobs: [] });
      expect(options.actions).toBeUndefined();
    }
  });

  it('keeps only the jobs that name a plant and a care job, offers no actions without any, and opens only its own pages', () => {
    const odd = {
      ...push,
      url: 'https://elsewhere.example/phish',
      jobs: [{ plantId: 'fern1', task: 'dance' }, { plantId: '', task: 'water' }, { task: 'water' }, 'fern1', null],
    };
    const { options } = digestNotification(JSON.stringify(odd));
    expect(options.data).toEqual({ url: '/dashboard/today', day: '2026-03-10', jobs: [] });
    expect(options.actions).toBeUndefined();
    expect(digestNotification(JSON.stringify({ ...push, url: '//elsewhere.example' })).options.data.url).toBe(
      '/dashboard/today',
    );
  });
});

describe('digestActionOf, digestLink and readDigestNonce', () => {
  const data = digestNotification(JSON.stringify(push)).options.data;

  it('hands Done, Snooze 1 day and Not needed yet over with the jobs listed and the moment of the click', () => {
    expect(digestActionOf('done', data, 1234)).toEqual({ kind: 'done', jobs: push.jobs, at: 1234 });
    expect(digestActionOf('snooze', data, 5)).toEqual({ kind: 'snooze', jobs: push.jobs, at: 5 });
  });

  it('hands nothing over for a click on the notification itself, an unknown action, or no job listed', () => {
    expect(digestActionOf('', data)).toBeNull();
    expect(digestActionOf('water', data)).toBeNull();
    expect(digestActionOf('done', { url: '/dashboard/today', day: null, jobs: [] })).toBeNull();
    expect(digestActionOf('done', undefined)).toBeNull();
  });

  it('opens Today with the nonce alone in its hash, which the page reads back, or Today alone', () => {
    const nonce = '0b6f9e4c-3f0a-4b1e-9c57-2d1c8e7a5f30';
    expect(digestLink(nonce)).toBe(`/dashboard/today#digest=${nonce}`);
    expect(readDigestNonce(`#digest=${nonce}`)).toBe(nonce);
    expect(digestLink()).toBe('/dashboard/today');
  });

  it('reads a key from any hash that names one, and nothing from a hash that does not', () => {
    // What the key names is the worker's to say (digest-hand-over.ts): jobs beside it are ignored.
    expect(readDigestNonce('#digest=done&jobs=a.water&at=1')).toBe('done');
    for (const hash of ['', '#', '#top', '#digest=', '#jobs=a.water']) expect(readDigestNonce(hash), hash).toBeNull();
  });
});

describe('openDigestLink', () => {
  const client = (url: string, focused = false, focus = () => Promise.resolve()): WindowClientLike => ({
    url,
    focused,
    postMessage: vi.fn(),
    focus: vi.fn(focus),
  });
  const clientsOf = (windows: WindowClientLike[]) => ({
    matchAll: vi.fn(() => Promise.resolve(windows)),
    openWindow: vi.fn(() => Promise.resolve(null)),
  });
  const link = '/dashboard/today#digest=0b6f9e4c-3f0a-4b1e-9c57-2d1c8e7a5f30';

  it("hands the link to the app's Today when it is open, and brings it to the front", async () => {
    const other = client('https://mango.test/allPlants', true);
    const today = client('https://mango.test/dashboard/today');
    const clients = clientsOf([other, today]);
    await openDigestLink(clients, link);
    expect(today.postMessage).toHaveBeenCalledWith({ type: OPEN_PAGE_MESSAGE, url: link });
    expect(today.focus).toHaveBeenCalled();
    expect(other.postMessage).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('else the page in front, even when the browser refuses to focus it', async () => {
    const back = client('https://mango.test/myPlants');
    const front = client('https://mango.test/plant/fern1', true, () => Promise.reject(new Error('InvalidAccessError')));
    const clients = clientsOf([back, front]);
    await openDigestLink(clients, link);
    expect(front.postMessage).toHaveBeenCalledWith({ type: OPEN_PAGE_MESSAGE, url: link });
    expect(back.postMessage).not.toHaveBeenCalled();
  });

  it('opens a window on the link when no page of the app is open', async () => {
    const clients = clientsOf([]);
    await openDigestLink(clients, link);
    expect(clients.openWindow).toHaveBeenCalledWith(link);
  });
});
