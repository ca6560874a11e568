import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UploadStatus } from './upload-status';

describe('UploadStatus', () => {
  it('shows a labelled bar that fills as the bytes are sent', () => {
    const { rerender } = render(<UploadStatus state={{ status: 'preparing' }} onRetry={() => {}} />);
    // Shrinking takes no measurable share: an indeterminate bar.
    expect(screen.getByRole('progressbar', { name: 'Preparing the photo...' })).not.toHaveAttribute('value');

    rerender(<UploadStatus state={{ status: 'sending', progress: 0.42 }} onRetry={() => {}} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading photo... 42%' });
    expect(bar).toHaveAttribute('value', '0.42');
    expect(bar).toHaveAttribute('max', '1');

    rerender(<UploadStatus state={{ status: 'sending', progress: 1 }} onRetry={() => {}} />);
    expect(screen.getByRole('progressbar', { name: 'Uploading photo... 100%' })).toHaveAttribute('value', '1');
  });

  it('says it waits for the network while offline', () => {
    render(<UploadStatus state={{ status: 'waiting' }} onRetry={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline: the photo will be sent as soon as you are back online.',
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says why an upload failed and offers Retry', async () => {
    const onRetry = vi.fn();
    render(
      <UploadStatus
        state={{ status: 'failed', message: 'The photo is over 10 MB.' }}
        onRetry={onRetry}
        failurePrefix="Fern was added, but its photo was not uploaded:"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Fern was added, but its photo was not uploaded: The photo is over 10 MB.',
    );
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows nothing before an upload or after it is done', () => {
    const { container, rerender } = render(<UploadStatus state={{ status: 'idle' }} onRetry={() => {}} />);
    expect(container).toBeEmptyDOMElement();
    rerender(
      <UploadStatus
        state={{
          status: 'done',
          photo: {
            _id: 'a',
            url: '/u',
            cardUrl: '/c',
            thumbUrl: '/t',
            width: 1,
            height: 1,
            caption: null,
            takenOn: '2026-11-24',
            createdAt: '',
          },
        }}
        onRetry={() => {}}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
