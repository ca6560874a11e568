import type { ImportResult } from '@model/transfer';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { exportPlants } from '../api/export-plants';
import { importPlants } from '../api/import-plants';
import { TransferPanel } from './transfer-panel';

vi.mock('../api/export-plants', () => ({ exportPlants: vi.fn() }));
vi.mock('../api/import-plants', () => ({ importPlants: vi.fn() }));
vi.mock('@/lib/toast');

const answer = (overrides: Partial<ImportResult> = {}): ImportResult => ({
  dryRun: true,
  created: 0,
  skipped: 0,
  errors: [],
  plants: [],
  skippedRows: [],
  ...overrides,
});

const csvFile = (name = 'plants.csv') => new File(['plantName,category\r\nFern,fern\r\n'], name, { type: 'text/csv' });

function renderPanel(onImported = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: '/myPlants', element: <TransferPanel onImported={onImported} /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/myPlants'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onImported };
}

const fileInput = () => screen.getByLabelText('Choose a CSV or JSON file');
const preview = () => screen.getByRole('region', { name: 'Import preview' });

describe('TransferPanel', () => {
  beforeEach(() => {
    vi.mocked(exportPlants).mockReset();
    vi.mocked(importPlants).mockReset();
    vi.mocked(toast.success).mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("downloads the export under the server's file name and says so", async () => {
    const user = userEvent.setup({ delay: null });
    const blob = new Blob(['plantName\r\nFern']);
    vi.mocked(exportPlants).mockResolvedValue({ blob, filename: 'mango-grove-plants-2026-06-01.csv' });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Downloaded mango-grove-plants-2026-06-01.csv.')).toBeInTheDocument();
    expect(exportPlants).toHaveBeenCalledWith('csv');
    expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked.map((link) => [link.href, link.download])).toEqual([
      ['blob:export', 'mango-grove-plants-2026-06-01.csv'],
    ]);
    click.mockRestore();
  });

  it('shows an export failure as a sentence', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(exportPlants).mockRejectedValue(
      new ApiError(503, 'unavailable', 'The plant database is not answering right now. Please try again in a moment.'),
    );
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The plant database is not answering right now. Please try again in a moment.',
    );
  });

  it('previews a file with a bad row (row and field of each error, Confirm disabled), then imports the corrected one on Confirm', async () => {
    const user = userEvent.setup({ delay: null });
    const { onImported } = renderPanel();
    vi.mocked(importPlants).mockResolvedValueOnce(
      answer({
        created: 1,
        skipped: 1,
        errors: [
          {
            row: 3,
            field: 'category',
            message: 'Category must be one of: succulent, fern, flowering, bonsai, Fruit, Flower, Vegetable, Herbs.',
          },
        ],
        plants: [{ row: 2, plantName: 'Fern', category: 'fern' }],
        skippedRows: [{ row: 4, _id: 'abc', plantName: 'Old Rose' }],
      }),
    );
    const broken = csvFile('broken.csv');
    await user.upload(fileInput(), broken);
    expect(importPlants).toHaveBeenCalledWith(broken, 'csv', true);
    expect(await screen.findByRole('alert')).toHaveTextContent('One problem in the file, so nothing can be imported.');
    expect(within(screen.getByRole('list', { name: 'Problems' })).getByRole('listitem')).toHaveTextContent(
      'Row 3, category: Category must be one of: succulent, fern, flowering, bonsai, Fruit, Flower, Vegetable, Herbs.',
    );
    expect(within(screen.getByRole('list', { name: 'Rows to skip' })).getByRole('listitem')).toHaveTextContent(
      'Row 4: Old Rose',
    );
    expect(within(preview()).getByRole('button', { name: 'Confirm import' })).toBeDisabled();

    vi.mocked(importPlants).mockResolvedValueOnce(
      answer({
        created: 2,
        plants: [
          { row: 2, plantName: 'Fern', category: 'fern' },
          { row: 3, plantName: 'Rose', category: 'Flower' },
        ],
      }),
    );
    const fixed = csvFile('fixed.csv');
    await user.upload(fileInput(), fixed);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Problems' })).not.toBeInTheDocument());
    expect(within(preview()).getByText('fixed.csv: 2 plants to add.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Plants to add' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fern (fern)', 'Rose (Flower)']);

    let finish: (result: ImportResult) => void = () => {};
    vi.mocked(importPlants).mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    await user.click(screen.getByRole('button', { name: 'Confirm import of 2 plants' }));
    expect(importPlants).toHaveBeenLastCalledWith(fixed, 'csv', false);
    expect(screen.getByText('Importing 2 plants from fixed.csv...')).toBeInTheDocument();
    expect(fileInput()).toBeDisabled();
    finish(answer({ dryRun: false, created: 2 }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Imported 2 plants.'));
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: 'Import preview' })).not.toBeInTheDocument();
  });

  it("shows the server's own sentence for the plant quota (403) and the write budget (429)", async () => {
    const user = userEvent.setup({ delay: null });
    renderPanel();
    const quota =
      'These 3 plants would take you past 5,000, the most one account can have: you keep 4,999. Delete some plants or add fewer.';
    vi.mocked(importPlants).mockRejectedValueOnce(new ApiError(403, 'quota_exceeded', quota));
    await user.upload(fileInput(), csvFile());
    expect(await screen.findByRole('alert')).toHaveTextContent(quota);

    vi.mocked(importPlants).mockResolvedValueOnce(
      answer({ created: 1, plants: [{ row: 2, plantName: 'Fern', category: 'fern' }] }),
    );
    await user.upload(fileInput(), csvFile());
    const busy = 'You are making changes faster than Mango Grove Tracker allows. Please wait 10 seconds and try again.';
    vi.mocked(importPlants).mockRejectedValueOnce(new ApiError(429, 'rate_limited', busy));
    await user.click(await screen.findByRole('button', { name: 'Confirm import of 1 plant' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(busy);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('refuses a file that is neither CSV nor JSON, or over 2 MB, before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPanel();
    await user.upload(fileInput(), new File(['<xml/>'], 'plants.xml', { type: 'application/xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'plants.xml is not a CSV or JSON file. Choose a .csv or .json file, such as an export.',
    );
    await user.upload(fileInput(), new File(['x'.repeat(2 * 1024 * 1024 + 1)], 'huge.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'huge.csv is larger than 2 MB, the most one import takes. Split it into smaller files.',
    );
    expect(importPlants).not.toHaveBeenCalled();
  });

  it('sends a 401 to the login page', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderPanel();
    vi.mocked(importPlants).mockRejectedValueOnce(new ApiError(401, 'unauthenticated', 'Please sign in to do that.'));
    await user.upload(fileInput(), csvFile());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
