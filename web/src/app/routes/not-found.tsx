import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  title: { id: 'routes.notFound.title', message: 'Plant Not Found!' },
  text: {
    id: 'routes.notFound.text',
    message:
      'The page you are looking for has wilted away, or it never sprouted. Check the address, or head somewhere greener.',
  },
  home: { id: 'routes.notFound.home', message: 'Back to Home' },
  support: { id: 'routes.notFound.support', message: 'Get Support' },
});

/** Any unknown path. */
export function Component() {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span aria-hidden="true" className="text-7xl">
        🥀
      </span>
      <h1 className="mt-6 text-4xl font-bold text-slate-900 dark:text-white">{t(messages.title)}</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">{t(messages.text)}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className="rounded-lg bg-leaf-700 px-5 py-2.5 font-semibold text-white hover:bg-leaf-800">
          {t(messages.home)}
        </Link>
        <Link
          to={paths.support}
          className="rounded-lg border border-leaf-700 px-5 py-2.5 font-semibold text-leaf-800 hover:bg-leaf-50 dark:border-mango-400 dark:text-mango-400 dark:hover:bg-slate-800"
        >
          {t(messages.support)}
        </Link>
      </div>
    </div>
  );
}
