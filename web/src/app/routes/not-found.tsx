import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Any unknown path. */
export function Component() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span aria-hidden="true" className="text-7xl">
        🥀
      </span>
      <h1 className="mt-6 text-4xl font-bold text-slate-900 dark:text-white">Plant Not Found!</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        The page you are looking for has wilted away, or it never sprouted. Check the address, or head somewhere
        greener.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className="rounded-lg bg-leaf-700 px-5 py-2.5 font-semibold text-white hover:bg-leaf-800">
          Back to Home
        </Link>
        <Link
          to={paths.support}
          className="rounded-lg border border-leaf-700 px-5 py-2.5 font-semibold text-leaf-800 hover:bg-leaf-50 dark:border-mango-400 dark:text-mango-400 dark:hover:bg-slate-800"
        >
          Get Support
        </Link>
      </div>
    </div>
  );
}
