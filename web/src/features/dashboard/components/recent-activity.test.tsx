import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RecentActivity, type RecentActivityProps } from './recent-activity';

const NOW = new Date('2026-05-20T12:00:00.000Z');

function renderActivity(props: RecentActivityProps) {
  const router = createMemoryRouter([{ path: '/', element: <RecentActivity {...props} /> }]);
  render(<RouterProvider router={router} />);
}

describe('RecentActivity', () => {
  it('lists the events newest first with what happened and when', () => {
    renderActivity({
      now: NOW,
      events: [
        { _id: '3', type: 'deleted', plantId: 'a', plantName: 'Old Rose', at: '2026-05-20T11:55:00.000Z' },
        { _id: '2', type: 'updated', plantId: 'b', plantName: 'Sweet Basil', at: '2026-05-19T10:00:00.000Z' },
        { _id: '1', type: 'watered', plantId: 'b', plantName: 'Sweet Basil', at: '2026-05-16T10:00:00.000Z' },
      ],
    });
    const items = within(screen.getByRole('region', { name: 'Recent Activity' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Deleted Old Rose5 minutes ago',
      'Updated Sweet Basilyesterday',
      'Watered Sweet Basil4 days ago',
    ]);
    expect(within(items[0]!).getByText('5 minutes ago')).toHaveAttribute('datetime', '2026-05-20T11:55:00.000Z');
  });

  it('says there is nothing yet, and where to start', () => {
    renderActivity({ now: NOW, events: [] });
    const region = screen.getByRole('region', { name: 'Recent Activity' });
    expect(region).toHaveTextContent('No activity yet.');
    expect(within(region).getByRole('link', { name: 'Add a plant' })).toHaveAttribute('href', '/dashboard/add-item');
  });

  it('shows placeholders, hidden from screen readers, while loading', () => {
    renderActivity({ now: NOW });
    expect(within(screen.getByRole('region', { name: 'Recent Activity' })).queryAllByRole('listitem')).toHaveLength(0);
  });
});
