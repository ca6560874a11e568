import { screen } from '@testing-library/react';
import { useLoaderData } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { disposeRouters, renderRoutes } from './render-route';

describe('disposeRouters', () => {
  it('waits for the answers a loader handed over as promises, so none runs after its test file', async () => {
    let settled = false;
    let release = () => {};
    const later = new Promise<void>((resolve) => (release = resolve)).finally(() => {
      settled = true;
    });
    renderRoutes(
      [
        {
          path: '/',
          loader: () => ({ later }),
          Component: () => <p>{useLoaderData() ? 'shown' : 'no data'}</p>,
        },
      ],
      '/',
    );
    expect(await screen.findByText('shown')).toBeInTheDocument();
    expect(settled).toBe(false);
    // Settles a moment after the test's end, as an answer waiting for auth or the network does.
    setTimeout(release, 0);
    await disposeRouters();
    expect(settled).toBe(true);
  });
});
