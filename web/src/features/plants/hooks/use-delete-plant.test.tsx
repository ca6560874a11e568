import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { alertDialog, confirmDialog } from '@/lib/dialogs';
import { deletePlant } from '../api/delete-plant';
import { useDeletePlant, type UseDeletePlantOptions } from './use-delete-plant';

vi.mock('../api/delete-plant', () => ({ deletePlant: vi.fn() }));
vi.mock('@/lib/dialogs', () => ({ alertDialog: vi.fn(), confirmDialog: vi.fn(), preloadDialogs: vi.fn() }));

const PLANT = { _id: 'p1', plantName: 'Jade Plant' };

function setup(options: UseDeletePlantOptions = {}) {
  let router!: ReturnType<typeof createMemoryRouter>;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter(
      [
        { path: '/myPlants', element: children },
        { path: '/login', element: <p>login</p> },
      ],
      { initialEntries: ['/myPlants'] },
    );
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => useDeletePlant(options), { wrapper });
  return { ...hook, router: () => router };
}

describe('useDeletePlant', () => {
  beforeEach(() => {
    vi.mocked(deletePlant).mockReset();
    vi.mocked(confirmDialog).mockReset();
    vi.mocked(alertDialog).mockReset().mockResolvedValue(undefined);
  });

  it("asks first, deletes, drops the plant and says 'Deleted!'", async () => {
    vi.mocked(confirmDialog).mockResolvedValue(true);
    vi.mocked(deletePlant).mockResolvedValue({ deletedCount: 1 });
    const onDeleted = vi.fn();
    const { result } = setup({ onDeleted });
    let outcome: boolean | undefined;
    await act(async () => {
      outcome = await result.current.remove(PLANT);
    });
    expect(confirmDialog).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Are you sure?',
        text: "You won't be able to revert this!",
        confirmText: 'Yes, delete it!',
      }),
    );
    expect(deletePlant).toHaveBeenCalledWith('p1');
    expect(onDeleted).toHaveBeenCalledWith('p1');
    expect(alertDialog).toHaveBeenCalledWith({ icon: 'success', title: 'Deleted!', text: 'Plant has been deleted.' });
    expect(outcome).toBe(true);
    expect(result.current.error).toBeNull();
  });

  it('does nothing when the user cancels', async () => {
    vi.mocked(confirmDialog).mockResolvedValue(false);
    const onDeleted = vi.fn();
    const { result } = setup({ onDeleted });
    await act(async () => {
      await result.current.remove(PLANT);
    });
    expect(deletePlant).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('keeps the plant and says why when the server refuses', async () => {
    vi.mocked(confirmDialog).mockResolvedValue(true);
    vi.mocked(deletePlant).mockRejectedValue(new ApiError(403, 'forbidden', 'Not yours.'));
    const onDeleted = vi.fn();
    const onError = vi.fn();
    const { result } = setup({ onDeleted, onError });
    await act(async () => {
      await result.current.remove(PLANT);
    });
    expect(onDeleted).not.toHaveBeenCalled();
    expect(result.current.error).toBe('You can only change your own plants.');
    expect(onError).toHaveBeenCalledWith('You can only change your own plants.', expect.any(ApiError));
    expect(alertDialog).toHaveBeenCalledWith({
      icon: 'error',
      title: 'Error!',
      text: 'You can only change your own plants.',
    });
    expect(alertDialog).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Deleted!' }));
    expect(result.current.deletingId).toBeNull();
  });

  it('does not claim success when nothing was deleted', async () => {
    vi.mocked(confirmDialog).mockResolvedValue(true);
    vi.mocked(deletePlant).mockResolvedValue({ deletedCount: 0 });
    const onDeleted = vi.fn();
    const { result } = setup({ onDeleted });
    await act(async () => {
      await result.current.remove(PLANT);
    });
    expect(onDeleted).not.toHaveBeenCalled();
    expect(result.current.error).toMatch(/Jade Plant was not deleted/);
  });

  it('can leave showing a failure to the screen', async () => {
    vi.mocked(confirmDialog).mockResolvedValue(true);
    vi.mocked(deletePlant).mockRejectedValue(new ApiError(503, 'unavailable', 'The server is busy right now.'));
    const { result } = setup({ errorDialog: false });
    await act(async () => {
      await result.current.remove(PLANT);
    });
    expect(result.current.error).toBe('The server is busy right now.');
    expect(alertDialog).not.toHaveBeenCalled();
  });

  it('drops a plant that was already deleted elsewhere', async () => {
    vi.mocked(confirmDialog).mockResolvedValue(true);
    vi.mocked(deletePlant).mockRejectedValue(new ApiError(404, 'not_found', 'Gone.'));
    const onDeleted = vi.fn();
    const { result } = setup({ onDeleted });
    await act(async () => {
      await result.current.remove(PLANT);
    });
    expect(onDeleted).toHaveBeenCalledWith('p1');
    expect(result.current.error).toBeNull();
  });

  it('sends a signed-out user to /login', async () => {
    vi.mocked(confirmDialog).mockResolvedValue(true);
    vi.mocked(deletePlant).mockRejectedValue(new ApiError(401, 'unauthenticated', 'Please sign in to do that.'));
    const { result, router } = setup();
    await act(async () => {
      await result.current.remove(PLANT);
    });
    expect(router().state.location.pathname).toBe('/login');
  });
});
