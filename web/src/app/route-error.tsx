import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Shown when a route's loader or component throws: a sentence, never a stack. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? error.statusText || `Error ${error.status}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="mb-4 text-2xl font-bold">Something went wrong</h1>
      <p className="mb-6">{message}</p>
      <Link to={paths.home} className="underline">
        Back to the home page
      </Link>
    </div>
  );
}
