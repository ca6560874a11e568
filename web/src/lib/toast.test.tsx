import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setTheme } from './theme';
import { toast } from './toast';

describe('toast', () => {
  it('shows success as a status and errors as an alert', async () => {
    await act(() => toast.success('Thank you for your feedback!'));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your feedback!');
    await act(() => toast.error('Please write something before submitting.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please write something before submitting.');
    expect(document.getElementById('toast-root')).not.toBeNull();
    await act(() => toast.dismiss());
  });

  it('offers an action button that runs once and closes the toast', async () => {
    const user = userEvent.setup({ delay: null });
    const undo = vi.fn();
    await act(() => toast.info('Plant deleted.', { action: { label: 'Undo', onClick: undo }, toastId: 'undo-test' }));
    const button = await screen.findByRole('button', { name: 'Undo' });
    await user.click(button);
    expect(undo).toHaveBeenCalledTimes(1);
    // jsdom runs no CSS animations: end the exit animation by hand so the toast can leave.
    fireEvent.animationEnd(button.closest('.Toastify__toast')!);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
  });

  it('follows the dark theme', async () => {
    act(() => setTheme('dark'));
    await act(() => toast.success('Dark toast'));
    const text = await screen.findByText('Dark toast');
    expect(text.closest('.Toastify__toast')).toHaveClass('Toastify__toast-theme--dark');
    await act(() => toast.dismiss());
  });
});
