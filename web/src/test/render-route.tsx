import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { connectRouter } from '@/lib/server-state';

/**
 * Renders routes the way the app runs them: a data router (in memory) that the server-state model
 * knows, so a page seen again waits for its loaders and the worker's word reaches them.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  // As in the app, the first loads run before the router is connected (and never see a router of another test).
  connectRouter(undefined);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  connectRouter(router);
  render(<RouterProvider router={router} />);
  return router;
}
