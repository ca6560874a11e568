import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NavigationPending } from './navigation-pending';

describe('NavigationPending', () => {
  it('shows the loading overlay while a slow next screen loads, and not for a quick one', async () => {
    let finish!: () => void;
    const router = createMemoryRouter(
      [
        { path: '/', element: <NavigationPending delayMs={50} /> },
        { path: '/quick', loader: () => null, element: <p>quick page</p> },
        { path: '/slow', loader: () => new Promise<null>((resolve) => (finish = () => resolve(null))), element: <p>slow page</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);

    await act(() => router.navigate('/quick'));
    expect(screen.getByText('quick page')).toBeInTheDocument();
    await act(() => router.navigate('/'));
    expect(screen.queryByText('Loading, please wait...')).not.toBeInTheDocument();

    let navigation!: Promise<void>;
    act(() => {
      navigation = router.navigate('/slow');
    });
    expect(await screen.findByText('Loading, please wait...')).toBeInTheDocument();
    await act(async () => {
      finish();
      await navigation;
    });
    await waitFor(() => expect(screen.getByText('slow page')).toBeInTheDocument());
    expect(screen.queryByText('Loading, please wait...')).not.toBeInTheDocument();
  });
});
