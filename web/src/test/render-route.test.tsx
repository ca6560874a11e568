import { screen } from '@testing-library/react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { disposeRouters, renderRoutes } from './render-route';

/** A page at / whose loader hands over `data`, and shows once it has. */
async function showPage(data: (args: LoaderFunctionArgs) => object) {
  renderRoutes([{ path: '/', loader: data, Component: () => <p>{useLoaderData() ? 'shown' : 'no data'}</p> }], '/');
  expect(await screen.findByText('shown')).toBeInTheDocument();
}

/** A promise that settles when `release` is called, and says whether it has. */
function held() {
  let release = () => {};
  const state = { settled: false };
  const promise = new Promise<void>((resolve) => (release = resolve)).finally(() => (state.settled = true));
  return { promise, release: () => release(), state };
}

describe('disposeRouters', () => {
  it('waits for the answers a loader handed over as promises, so none runs after its test file', async () => {
    const later = held();
    await showPage(() => ({ later: later.promise }));
    expect(later.state.settled).toBe(false);
    // Settles a moment after the test's end, as an answer waiting for auth or the network does.
    setTimeout(later.release, 0);
    await disposeRouters();
    expect(later.state.settled).toBe(true);
  });

  it("waits for an answer chained on a dynamic import, whose promise is another realm's", async () => {
    // In the tests' VM contexts import() answers with the host's Promise, and so does all chained on
    // it, as the home page's reminder is.
    const gate = held();
    let settled = false;
    const later = import('./render-route').then(() => gate.promise).finally(() => (settled = true));
    expect(later instanceof Promise).toBe(false);
    await showPage(() => ({ later }));
    setTimeout(gate.release, 0);
    await disposeRouters();
    expect(settled).toBe(true);
  });

  it('aborts the requests of what its loaders still wait for, so it settles at once', async () => {
    let aborted = false;
    await showPage(({ request }) => ({
      // A read that answers only once its request is given up, as fetch does for one never answered.
      read: new Promise((_resolve, reject) =>
        request.signal.addEventListener('abort', () => {
          aborted = true;
          reject(request.signal.reason);
        }),
      ).catch(() => 'given up'),
    }));
    expect(aborted).toBe(false);
    const started = Date.now();
    await disposeRouters();
    expect(aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('fails, naming the loader, when what it started is still running after the test, rather than let it run on', async () => {
    await showPage(() => ({ never: new Promise(() => {}) }));
    await expect(disposeRouters({ within: 50 })).rejects.toThrow(
      'Still running 50 ms after the test ended, so it would run during the next one: the loader of /: its answer "never".',
    );
  });
});
