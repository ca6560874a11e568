import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { apiErrorSentence } from '@/lib/use-api-error';

const messages = defineMessages({
  status: { id: 'routes.error.status', message: 'Error {status}' },
  unknown: { id: 'routes.error.unknown', message: 'Something went wrong.' },
  heading: { id: 'routes.error.heading', message: 'Something went wrong' },
  home: { id: 'routes.error.home', message: 'Back to the home page' },
});

/** Shown when a route's loader or component throws: a sentence, never a stack. */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  const message = isRouteErrorResponse(error)
    ? error.statusText || t(messages.status, { status: error.status })
    : error instanceof ApiError
      ? apiErrorSentence(error)
      : error instanceof Error
        ? error.message
        : t(messages.unknown);
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="mb-4 text-2xl font-bold">{t(messages.heading)}</h1>
      <p className="mb-6">{message}</p>
      <Link to={paths.home} className="underline">
        {t(messages.home)}
      </Link>
    </div>
  );
}
