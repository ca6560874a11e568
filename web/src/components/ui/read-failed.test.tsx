import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '@/test/render-route';
import { ReadFailed } from './read-failed';

describe('ReadFailed', () => {
  it('shows the sentence, what to do instead, then Try again, which reads the page again', async () => {
    let release = () => {};
    const loader = vi.fn(async () => {
      if (loader.mock.calls.length > 1) await new Promise<void>((resolve) => (release = resolve));
      return null;
    });
    renderRoutes(
      [
        {
          path: '/',
          loader,
          hydrateFallbackElement: <p>Loading...</p>,
          element: (
            <ReadFailed message="Your household could not be loaded.">
              <p>Or start a household.</p>
            </ReadFailed>
          ),
        },
      ],
      '/',
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your household could not be loaded.');
    const instead = screen.getByText('Or start a household.');
    const button = screen.getByRole('button', { name: 'Try again' });
    expect(alert.compareDocumentPosition(instead) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(instead.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.setup({ delay: null }).click(button);
    expect(loader).toHaveBeenCalledTimes(2);
    // While the page is read again, a second click cannot ask again.
    await waitFor(() => expect(button).toBeDisabled());
    release();
    await waitFor(() => expect(button).toBeEnabled());
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('shows nothing without a sentence (a 401 on its way to /login)', async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <main>
              <h1>Household</h1>
              <ReadFailed message={null} />
            </main>
          ),
        },
      ],
      '/',
    );
    expect(await screen.findByRole('heading', { name: 'Household' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
