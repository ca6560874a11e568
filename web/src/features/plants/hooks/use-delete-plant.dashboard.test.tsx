import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deletePlant } from '../api/delete-plant';
import { ApiError } from '@/lib/api-client';
import type { AuthState } from '@/lib/auth';
import { alertDialog, confirmDialog } from '@/lib/dialogs';
import { useDeletePlant } from './use-delete-plant';

let authState: AuthState;
vi.mock('@/lib/auth', () => ({ useAuth: () => authState }));
vi.mock('../api/delete-plant', () => ({ deletePlant: vi.fn() }));
vi.mock('@/lib/dialogs', () => ({ confirmDialog: vi.fn(), alertDialog: vi.fn(), preloadDialogs: () => undefined }));

const onGone = vi.fn();
const onFailure = vi.fn();

function Probe() {
  const { remove: deleteItem, deletingId } = useDeletePlant({
    dialogs: 'dashboard',
    onDeleted: onGone,
    onError: onFailure,
  });
  return (
    <button type="button" onClick={() => void deleteItem({ _id: 'p1', plantName: 'Basil' })}>
      {deletingId ? 'Deleting...' : 'Delete'}
    </button>
  );
}

function LoginProbe() {
  const from = (useLocation().state as { from?: { pathname: string } } | null)?.from;
  return <p>login page, from {from?.pathname}</p>;
}

function renderProbe() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/all-items', element: <Probe /> },
      { path: '/login', element: <LoginProbe /> },
    ],
    { initialEntries: ['/dashboard/all-items'] },
  );
  render(<RouterProvider router={router} />);
}

const signedIn: AuthState = { loading: false, user: { uid: 'u', email: 'a@b.test', displayName: 'A', photoURL: null } };

describe("useDeletePlant with the dashboard's dialogs", () => {
  beforeEach(() => {
    authState = signedIn;
    for (const mock of [deletePlant, confirmDialog, alertDialog, onGone, onFailure]) vi.mocked(mock).mockReset();
    vi.mocked(confirmDialog).mockResolvedValue(true);
    vi.mocked(alertDialog).mockResolvedValue();
  });

  it("asks 'Are you sure?' first and deletes nothing on 'No, cancel!'", async () => {
    vi.mocked(confirmDialog).mockResolvedValue(false);
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirmDialog).toHaveBeenCalledWith({
      title: 'Are you sure?',
      text: "You won't be able to revert this!",
      confirmText: 'Yes, delete it!',
      cancelText: 'No, cancel!',
      danger: true,
    });
    expect(deletePlant).not.toHaveBeenCalled();
  });

  it("deletes, drops the plant from the page and says 'Deleted!'", async () => {
    vi.mocked(deletePlant).mockResolvedValue({ deletedCount: 1 });
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(deletePlant).toHaveBeenCalledWith('p1');
    expect(onGone).toHaveBeenCalledWith('p1');
    expect(alertDialog).toHaveBeenCalledWith({ icon: 'success', title: 'Deleted!', text: 'Plant has been deleted.' });
    expect(onFailure).not.toHaveBeenCalled();
  });

  it("without a user says 'Authentication Required' and goes to /login, remembering the page", async () => {
    authState = { loading: false, user: null };
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(alertDialog).toHaveBeenCalledWith({
      icon: 'warning',
      title: 'Authentication Required',
      text: 'You must be logged in to delete an item.',
    });
    expect(await screen.findByText('login page, from /dashboard/all-items')).toBeVisible();
    expect(confirmDialog).not.toHaveBeenCalled();
    expect(deletePlant).not.toHaveBeenCalled();
  });

  it('treats a sign-in the server no longer accepts (401) the same way', async () => {
    vi.mocked(deletePlant).mockImplementation(() =>
      Promise.reject(new ApiError(401, 'token_expired', 'Your sign-in has expired. Please sign in again.')),
    );
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('login page, from /dashboard/all-items')).toBeVisible();
    expect(alertDialog).toHaveBeenCalledWith(expect.objectContaining({ title: 'Authentication Required' }));
    expect(onFailure).not.toHaveBeenCalled();
  });

  it("passes the server's reason on as 'Failed to delete item: ...' and keeps the plant (403)", async () => {
    const refusal = new ApiError(403, 'forbidden', 'Only its owner may delete this plant.');
    vi.mocked(deletePlant).mockImplementation(() => Promise.reject(refusal));
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onFailure).toHaveBeenCalledWith('Failed to delete item: Only its owner may delete this plant.', refusal);
    expect(onGone).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('drops a plant that was already deleted elsewhere (404), and says so', async () => {
    vi.mocked(deletePlant).mockImplementation(() =>
      Promise.reject(new ApiError(404, 'not_found', 'That plant does not exist. It may have been deleted.')),
    );
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onGone).toHaveBeenCalledWith('p1');
    expect(onFailure).not.toHaveBeenCalled();
    expect(alertDialog).toHaveBeenCalledWith({
      icon: 'info',
      title: 'Already deleted',
      text: 'Basil had already been deleted.',
    });
  });

  it('never shows a raw error for something unexpected', async () => {
    vi.mocked(deletePlant).mockImplementation(() => Promise.reject(new TypeError('x is undefined')));
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onFailure).toHaveBeenCalledWith(
      'Failed to delete item: Something went wrong. Please try again.',
      expect.any(TypeError),
    );
  });
});
