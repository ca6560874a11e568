import type { Plant } from '@model';
import type { Photo } from '@model/photos';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as route from '@/app/routes/plant-details';
import { plantDetailsData } from '@/app/routes/plant.data';
import { useAuth, currentUser } from '@/lib/auth';
import { alertDialog, confirmDialog } from '@/lib/dialogs';
import { fakePhotoApi } from '@/test/fake-photo-api';
import { renderRoutes } from '@/test/render-route';

let api: ReturnType<typeof fakePhotoApi>;

vi.mock('@/lib/auth', () => ({ useAuth: vi.fn(), currentUser: vi.fn() }));
vi.mock('@/features/plants/api/get-plant', () => ({ getPlant: vi.fn(() => api.getPlant()) }));
vi.mock('@/features/care/api/list-plant-events', async (original) => ({
  ...(await original<typeof import('@/features/care/api/list-plant-events')>()),
  listPlantEvents: vi.fn(async () => []),
}));
vi.mock('@/lib/photos/list-photos', async (original) => ({
  ...(await original<typeof import('@/lib/photos/list-photos')>()),
  listPhotos: vi.fn(() => api.listPhotos()),
}));
vi.mock('@/lib/photos/upload-photo', () => ({
  uploadPhoto: vi.fn((...args: Parameters<typeof api.uploadPhoto>) => api.uploadPhoto(...args)),
}));
vi.mock('@/features/photos/api/delete-photo', () => ({
  deletePhoto: vi.fn((...args: Parameters<typeof api.deletePhoto>) => api.deletePhoto(...args)),
}));
vi.mock('@/features/photos/api/set-cover', () => ({
  setCover: vi.fn((...args: Parameters<typeof api.setCover>) => api.setCover(...args)),
}));
vi.mock('@/lib/dialogs', () => ({ alertDialog: vi.fn(), confirmDialog: vi.fn(), preloadDialogs: vi.fn() }));
// The page's toasts, as the plant page's other tests have them: the real host mounts itself once its
// module has loaded, which on a busy machine came after this file's window had gone.
vi.mock('@/lib/toast');

const OWNER = { uid: 'owner-1', email: 'me@example.test', displayName: 'Me', photoURL: null };
const VISITOR = { uid: 'someone-else', email: 'you@example.test', displayName: 'You', photoURL: null };

const PLANT: Plant = {
  _id: 'p1',
  plantName: 'Moth Orchid',
  category: 'flowering',
  careLevel: 'difficult',
  healthStatus: 'Healthy',
  image: '/images/placeholder-plant.webp',
  ownerUid: 'owner-1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const photo = (id: string, takenOn: string, caption: string | null = null): Photo => ({
  _id: id,
  url: `/mango/p1/photos/${id}/full.webp`,
  cardUrl: `/mango/p1/photos/${id}/card.webp`,
  thumbUrl: `/mango/p1/photos/${id}/thumb.webp`,
  width: 1600,
  height: 1200,
  caption,
  takenOn,
  createdAt: `${takenOn}T10:00:00.000Z`,
});

function signIn(user: typeof OWNER) {
  vi.mocked(currentUser).mockResolvedValue(user);
  vi.mocked(useAuth).mockReturnValue({ loading: false, user });
}

const renderPage = () => renderRoutes([{ path: '/plant/:id', ...plantDetailsData, ...route }], '/plant/p1');
const gallery = () => screen.findByRole('region', { name: 'Photos' });
const items = async () =>
  within(await screen.findByRole('list', { name: 'Photos, newest first' })).getAllByRole('listitem');

describe('the plant page gallery', () => {
  beforeEach(() => {
    vi.mocked(alertDialog).mockReset().mockResolvedValue(undefined);
    vi.mocked(confirmDialog).mockReset().mockResolvedValue(true);
  });

  it('shows everyone the photos newest first, with the day taken, the caption and which is the cover, and nothing to change', async () => {
    signIn(VISITOR);
    api = fakePhotoApi({ ...PLANT, image: photo('a', '2026-11-01').url }, [
      photo('a', '2026-11-01', 'First flower'),
      photo('b', '2026-11-20', 'In bloom'),
    ]);
    renderPage();
    const [newest, oldest] = await items();
    expect(newest).toHaveTextContent('November 20, 2026In bloom');
    expect(within(newest!).getByRole('img', { name: 'Moth Orchid, photo taken November 20, 2026' })).toHaveAttribute(
      'srcset',
      '/mango/p1/photos/b/thumb.webp 400w, /mango/p1/photos/b/card.webp 800w, /mango/p1/photos/b/full.webp 1600w',
    );
    expect(oldest).toHaveTextContent('November 1, 2026CoverFirst flower');
    expect(within(await gallery()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a photo' })).not.toBeInTheDocument();
  });

  it('lets the owner add a photo with a caption: it is listed first and, as the first, becomes the cover', async () => {
    signIn(OWNER);
    api = fakePhotoApi(PLANT);
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await within(await gallery()).findByText('No photos yet.')).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Add a photo' });
    await user.click(within(form).getByRole('button', { name: 'Upload photo' }));
    expect(within(form).getByLabelText('Add a photo')).toHaveAccessibleDescription(/Choose a photo to add\.$/);

    await user.upload(
      within(form).getByLabelText('Add a photo'),
      new File(['jpeg'], 'orchid.jpg', { type: 'image/jpeg' }),
    );
    await user.type(within(form).getByLabelText('Caption (optional)'), 'First bud');
    await user.click(within(form).getByRole('button', { name: 'Upload photo' }));

    expect(await within(form).findByRole('status')).toHaveTextContent('Photo added.');
    const [added] = await items();
    expect(added).toHaveTextContent('First bud');
    expect(added).toHaveTextContent('Cover');
    // The page's own picture is now the photo, its thumbnail in srcset.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Moth Orchid' })).toHaveAttribute('src', api.plant.image),
    );
    expect(screen.getByRole('img', { name: 'Moth Orchid' }).getAttribute('srcset')).toContain('thumb.webp 400w');
    expect(within(form).getByLabelText('Caption (optional)')).toHaveValue('');
  });

  it('lets the owner make another photo the cover and delete one after the usual confirmation, by keyboard', async () => {
    signIn(OWNER);
    api = fakePhotoApi({ ...PLANT, image: photo('a', '2026-11-01').url, thumbUrl: photo('a', '2026-11-01').thumbUrl }, [
      photo('a', '2026-11-01'),
      photo('b', '2026-11-20'),
    ]);
    const user = userEvent.setup({ delay: null });
    renderPage();
    const makeCover = await screen.findByRole('button', { name: 'Make cover: photo taken November 20, 2026' });
    expect(screen.queryByRole('button', { name: 'Make cover: photo taken November 1, 2026' })).not.toBeInTheDocument();
    makeCover.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Moth Orchid' })).toHaveAttribute('src', '/mango/p1/photos/b/full.webp'),
    );
    expect(await screen.findByRole('button', { name: 'Make cover: photo taken November 1, 2026' })).toBeInTheDocument();

    screen.getByRole('button', { name: 'Delete photo taken November 1, 2026' }).focus();
    await user.keyboard('{Enter}');
    expect(confirmDialog).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Are you sure?', confirmText: 'Yes, delete it!', danger: true }),
    );
    await waitFor(async () => expect(await items()).toHaveLength(1));
    expect(api.photos.map((kept) => kept._id)).toEqual(['b']);
    expect(alertDialog).toHaveBeenCalledWith({
      icon: 'success',
      title: 'Deleted!',
      text: 'The photo has been deleted.',
    });
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    signIn(OWNER);
    api = fakePhotoApi(PLANT, [photo('a', '2026-11-01')]);
    vi.mocked(confirmDialog).mockResolvedValue(false);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete photo taken November 1, 2026' }));
    expect(api.photos).toHaveLength(1);
    expect(await items()).toHaveLength(1);
  });

  it("says the server's reason when an upload is refused, and offers Retry", async () => {
    signIn(OWNER);
    api = fakePhotoApi(
      PLANT,
      Array.from({ length: 19 }, (_, index) => photo(`p${index}`, `2026-10-${String(index + 1).padStart(2, '0')}`)),
    );
    // Someone else's tab took the 20th place meanwhile.
    const upload = api.uploadPhoto;
    api.uploadPhoto = async (...args) => {
      api.uploadPhoto = upload;
      await upload('p1', new Blob());
      return upload(...args);
    };
    const user = userEvent.setup({ delay: null });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Add a photo' });
    await user.upload(
      within(form).getByLabelText('Add a photo'),
      new File(['jpeg'], 'orchid.jpg', { type: 'image/jpeg' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Upload photo' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The photo was not uploaded: This plant has 20 photos already, the most it can keep.',
    );
    expect(within(form).getByRole('button', { name: 'Retry' })).toBeEnabled();
  });
});
