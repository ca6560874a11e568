import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '@/lib/api-client';
import { forgetOtherUsers, runAuthAction } from '@/lib/auth';
import { logOut } from './log-out';

vi.mock('@/lib/api-client');
vi.mock('@/lib/auth', () => ({ runAuthAction: vi.fn(), forgetOtherUsers: vi.fn() }));

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-browser';

/** A browser whose service worker holds a push subscription, and what happened to it, in order. */
function subscribedBrowser() {
  const order: string[] = [];
  const unsubscribe = vi.fn(async () => {
    order.push('unsubscribe');
    return true;
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: {
      getRegistration: async () => ({
        pushManager: { getSubscription: async () => ({ endpoint: ENDPOINT, unsubscribe }) },
      }),
    },
  });
  vi.mocked(apiFetch).mockImplementation(async () => {
    order.push('delete on the server');
    return undefined as never;
  });
  vi.mocked(runAuthAction).mockImplementation(async () => {
    order.push('sign out');
    return undefined as never;
  });
  return { order, unsubscribe };
}

describe('logOut', () => {
  beforeEach(() => {
    vi.mocked(apiFetch).mockReset();
    vi.mocked(runAuthAction).mockReset();
    vi.mocked(forgetOtherUsers).mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("deletes this browser's push subscription from the account, ends it here, then signs out", async () => {
    const { order } = subscribedBrowser();
    await logOut();
    expect(apiFetch).toHaveBeenCalledWith('/mango/reminders/push-subscriptions', {
      method: 'DELETE',
      body: { endpoint: ENDPOINT },
      auth: 'required',
    });
    expect(order).toEqual(['delete on the server', 'unsubscribe', 'sign out']);
    expect(forgetOtherUsers).toHaveBeenCalledWith(null);
  });

  it('still ends the subscription here and signs out when the server cannot be told (offline)', async () => {
    const { order } = subscribedBrowser();
    vi.mocked(apiFetch).mockRejectedValue(new Error('offline'));
    await logOut();
    expect(order).toEqual(['unsubscribe', 'sign out']);
  });

  it('calls nothing more where the browser holds no subscription', async () => {
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { getRegistration: async () => ({ pushManager: { getSubscription: async () => null } }) },
    });
    await logOut();
    expect(apiFetch).not.toHaveBeenCalled();
    expect(runAuthAction).toHaveBeenCalledOnce();
  });
});
