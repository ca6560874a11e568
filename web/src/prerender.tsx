import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from '@/app/router';
import { pageTitle } from '@/app/use-page-title';
import { activateLanguage } from '@/lib/i18n/i18n';
import type { Language } from '@/lib/i18n/languages';

export { LANGUAGES, SOURCE_LANGUAGE } from '@/lib/i18n/languages';

/**
 * The build's server entry (build/prerender.ts): one public page's HTML, as the app draws it
 * before it knows the user, the theme or any server data (lib/hydration.ts). The page's own
 * module is loaded first (the router's `lazy`), so the HTML holds the page itself, not its
 * loading frame; the loaders' reads stay unanswered (lib/server-state.ts), so the parts that show
 * server data are their loading state. In `language`: the build writes each page once per language.
 */
export async function renderPage(
  path: string,
  language: Language,
): Promise<{ html: string; title: string; status: number }> {
  await activateLanguage(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`prerender: ${path} answers ${context.status}, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // No inline script, which the site's policy refuses: the browser's router runs the page's
  // loaders itself (main.tsx) rather than read hydration data, and every Suspense boundary is
  // written in place (React would move a large one to the end with a script to put it back).
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return {
    html: await new Response(prelude).text(),
    title: pageTitle(context.matches.map((match) => match.route.handle)),
    status: context.statusCode,
  };
}
