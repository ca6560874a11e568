import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { usePageTitle } from './use-page-title';

function Layout() {
  usePageTitle();
  return <Outlet />;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Layout,
        children: [
          { index: true, handle: { title: { id: 'page.home', message: 'Home' } }, element: <p>home page</p> },
          {
            path: 'allPlants',
            handle: { title: { id: 'page.allPlants', message: 'All Plants' } },
            element: <p>all plants page</p>,
          },
          { path: '*', handle: { title: { id: 'page.notFound', message: 'Not Found' } }, element: <p>missing page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('usePageTitle', () => {
  it.each([
    ['/', 'home page', 'Mango Grove Tracker | Home'],
    ['/allPlants', 'all plants page', 'Mango Grove Tracker | All Plants'],
    ['/no/such/page', 'missing page', 'Mango Grove Tracker | Not Found'],
  ])('titles %s as the spec prefix plus the page name', async (path, text, title) => {
    renderAt(path);
    await screen.findByText(text);
    await waitFor(() => expect(document.title).toBe(title));
  });
});
