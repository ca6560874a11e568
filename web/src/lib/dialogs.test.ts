import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alertDialog, confirmDialog } from './dialogs';
import { setTheme } from './theme';

describe('dialogs', () => {
  it('confirmDialog resolves true on the confirm button', async () => {
    const user = userEvent.setup({ delay: null });
    const answer = confirmDialog({
      title: 'Are you sure?',
      text: "You won't be able to revert this!",
      confirmText: 'Yes, delete it!',
      danger: true,
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure?');
    expect(dialog).toHaveTextContent("You won't be able to revert this!");
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    await expect(answer).resolves.toBe(true);
  });

  it('confirmDialog resolves false on cancel, with the given cancel label', async () => {
    const user = userEvent.setup({ delay: null });
    const answer = confirmDialog({ title: 'Are you sure?', confirmText: 'Yes, delete it!', cancelText: 'No, cancel!' });
    await user.click(await screen.findByRole('button', { name: 'No, cancel!' }));
    await expect(answer).resolves.toBe(false);
  });

  it('alertDialog follows the dark theme and resolves when closed', async () => {
    const user = userEvent.setup({ delay: null });
    setTheme('dark');
    const closed = alertDialog({ icon: 'success', title: 'Success!', text: 'Plant added successfully!' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Plant added successfully!');
    expect(document.querySelector('[data-swal2-theme="dark"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(closed).resolves.toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
