import { act, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { RootLayout } from './root-layout';

vi.mock('@/lib/auth', () => ({ useAuth: () => ({ loading: false, user: null }), startAuth: () => undefined }));

let finishLoading: () => void = () => {};
const pageData = new Promise<void>((resolve) => {
  finishLoading = resolve;
});

function SlowPage() {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    void pageData.then(() => setLoading(false));
  }, []);
  return loading ? <LoadingOverlay /> : <h1>The page</h1>;
}

describe('RootLayout', () => {
  it('leaves the footer out while the page is still loading, so the page never pushes it down', async () => {
    const router = createMemoryRouter(
      [{ path: '/', Component: RootLayout, children: [{ path: 'slow', Component: SlowPage }] }],
      {
        initialEntries: ['/slow'],
      },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading, please wait...');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    await act(async () => finishLoading());
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });
});
