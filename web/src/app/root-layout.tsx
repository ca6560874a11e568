import { Link, NavLink, Outlet } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePageTitle } from './use-page-title';

export function RootLayout() {
  usePageTitle();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <nav aria-label="Main" className="mx-auto flex max-w-7xl flex-wrap items-center gap-4 px-4 py-3">
          <Link to={paths.home} className="text-xl font-bold text-leaf-800 dark:text-leaf-50">
            Mango Grove Tracker
          </Link>
          <NavLink to={paths.allPlants}>All Plants</NavLink>
          <NavLink to={paths.login}>Login</NavLink>
        </nav>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="bg-slate-100 py-6 text-center text-sm dark:bg-slate-900">© {new Date().getFullYear()} Mango Grove Tracker</footer>
    </div>
  );
}
