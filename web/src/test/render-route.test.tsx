import { screen } from '@testing-library/react';
import { useLoaderData } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { disposeRouters, renderRoutes } from './render-route';

describe('disposeRouters', () => {
  it('waits for the answers a loader handed over as promises, so none runs after its test file', async () => {
    let settled = false;
    const later = new Promise<string>((resolve) => setTimeout(resolve, 100, 'in')).finally(() => {
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
    await disposeRouters();
    expect(settled).toBe(true);
  });
});
