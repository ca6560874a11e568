import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useLanguage, useT } from '@/lib/i18n/i18n';
import { SOURCE_LANGUAGE } from '@/lib/i18n/languages';
import { defineMessages } from '@/lib/i18n/messages';

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
  // An error's own text is English (the API's, a script's): another language says its own. Not
  // apiErrorSentence: importing it here would put it in the entry chunk (+1.2 KB gzipped on `/`).
  const english = useLanguage() === SOURCE_LANGUAGE;
  const message = isRouteErrorResponse(error)
    ? error.statusText || t(messages.status, { status: error.status })
    : error instanceof Error && english
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
