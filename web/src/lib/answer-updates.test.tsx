import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answerPath, announceUpdatedAnswer, listenForUpdatedAnswers, useAnswerRevision } from './answer-updates';

describe('answerPath', () => {
  it("names an answer by its path and query, in one order, without the worker's key for a user's copy", () => {
    expect(answerPath(`${window.location.origin}/mango?sort=plantName&email=me%40example.test&__as=user`)).toBe(
      '/mango?email=me%40example.test&sort=plantName',
    );
    expect(answerPath('/mango?email=me@example.test&sort=plantName')).toBe('/mango?email=me%40example.test&sort=plantName');
    expect(answerPath('/mango/abc/events')).toBe('/mango/abc/events');
  });
});

describe('the service worker telling the app an answer changed', () => {
  const worker = new EventTarget();
  const original = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'serviceWorker', original);
  });

  it("turns workbox-broadcast-update's message into a re-read of the views showing that answer, once in a while", () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
    listenForUpdatedAnswers();
    const events = renderHook(() => useAnswerRevision('/mango/p1/events'));
    const plant = renderHook(() => useAnswerRevision('/mango/p1'));
    const post = (data: unknown) => act(() => void worker.dispatchEvent(new MessageEvent('message', { data })));

    post({
      type: 'CACHE_UPDATED',
      meta: 'workbox-broadcast-update',
      payload: { cacheName: 'mango-user-answers', updatedURL: `${window.location.origin}/mango/p1/events?__as=user` },
    });
    expect(events.result.current.revision).toBe(1);
    expect(plant.result.current.revision).toBe(0);
    // The read this starts is a re-read, once.
    expect(events.result.current.takeRefresh()).toBe(true);
    expect(events.result.current.takeRefresh()).toBe(false);

    // Other messages, and the same answer again within seconds (an answer that differs every time
    // would otherwise be read for ever), change nothing.
    post({ type: 'REPLAY_WATERINGS' });
    post({ type: 'CACHE_UPDATED', meta: 'something-else', payload: { updatedURL: `${window.location.origin}/mango/p1` } });
    post({
      type: 'CACHE_UPDATED',
      meta: 'workbox-broadcast-update',
      payload: { cacheName: 'mango-user-answers', updatedURL: `${window.location.origin}/mango/p1/events` },
    });
    expect(events.result.current.revision).toBe(1);
    expect(plant.result.current.revision).toBe(0);
  });

  it('lets a view decline a re-read (say, once the user has paged on)', () => {
    const declined = renderHook(() => useAnswerRevision('/mango?email=pager%40example.test', () => false));
    act(() => announceUpdatedAnswer('/mango?email=pager%40example.test'));
    expect(declined.result.current.revision).toBe(0);
    expect(declined.result.current.takeRefresh()).toBe(false);
  });
});
