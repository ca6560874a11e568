import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { LanguageSwitcher } from './language-switcher';
import { NAV_LINKS } from './nav-links';
import { ThemeToggle } from './theme-toggle';

const messages = defineMessages({
  appName: { id: 'app.name', message: 'Mango Grove Tracker' },
  main: { id: 'nav.main', message: 'Main' },
  menu: { id: 'nav.menu', message: 'Menu' },
});

/* eslint-disable lingui/no-unlocalized-strings -- class names */
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive
      ? 'bg-leaf-50 text-leaf-800 dark:bg-leaf-900 dark:text-leaf-50'
      : 'text-slate-700 hover:bg-slate-100 hover:text-leaf-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white'
  }`;
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * The sticky navigation bar. Wide screens show the links inline; smaller
 * ones get a menu button and a panel that closes after a link is tapped, on Escape and on any
 * navigation. The two lists are never visible together, so each screen reader sees one "Main" nav,
 * and the DOM order matches the visual order at every width. Signed in, both leave out Login and
 * Register; signed out, Household. `account` is the account area (the auth feature's, passed in by
 * the app, so this layout depends on no feature).
 */
export function Navbar({ account }: { account: ReactNode }) {
  // The menu remembers the page it was opened on, so any navigation closes it.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const { loading, user } = useAuth();
  const t = useT();
  // In a prerendered page's HTML (drawn before anyone is known) and while a sign-in or sign-out
  // runs, both kinds are drawn, and the account index.html's script found remembered picks one
  // (index.css), so no link moves when the app knows who is signed in.
  const links = NAV_LINKS.filter((link) => loading || !((user ? 'signedOutOnly' : 'signedInOnly') in link));
  /* eslint-disable lingui/no-unlocalized-strings -- class names */
  const shownFor = (link: (typeof NAV_LINKS)[number]) =>
    !loading
      ? ''
      : 'signedOutOnly' in link
        ? 'remembered:hidden'
        : 'signedInOnly' in link
          ? 'hidden remembered:block'
          : '';
  /* eslint-enable lingui/no-unlocalized-strings */

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1.5 px-3 sm:gap-3 sm:px-4">
        <Link
          to={paths.home}
          className="flex shrink-0 items-center gap-2 rounded-lg text-lg font-bold text-leaf-800 dark:text-leaf-50"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          <span className="sr-only sm:not-sr-only">{t(messages.appName)}</span>
        </Link>

        <nav aria-label={t(messages.main)} className="mx-auto hidden xl:block">
          <ul className="flex items-center gap-0.5">
            {links.map((link) => (
              <li key={link.to} className={shownFor(link) || undefined}>
                <NavLink to={link.to} end={link.to === paths.home} className={linkClass}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1.5 sm:gap-2 xl:ml-0">
          {/* Beside the account buttons from 640 px; narrower, in the menu. */}
          <LanguageSwitcher compact className="hidden sm:flex" />
          <ThemeToggle />
          {account}
          <button
            ref={menuButton}
            type="button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(!menuOpen)}
            className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 xl:hidden dark:text-slate-100 dark:hover:bg-slate-800"
          >
            {menuOpen ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
            <span className="sr-only">{t(messages.menu)}</span>
          </button>
        </div>
      </div>

      <nav
        id="mobile-menu"
        aria-label={t(messages.main)}
        hidden={!menuOpen}
        className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-3 pb-4 pt-2 shadow-lg xl:hidden dark:border-slate-800 dark:bg-slate-950"
      >
        <ul className="mx-auto grid max-w-7xl gap-1 sm:grid-cols-2">
          {links.map((link) => (
            <li key={link.to} className={shownFor(link) || undefined}>
              <NavLink
                to={link.to}
                end={link.to === paths.home}
                onClick={() => setMenuOpen(false)}
                className={linkClass}
              >
                {t(link.label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <LanguageSwitcher className="mx-auto mt-3 max-w-7xl border-t border-slate-200 px-3 pt-3 sm:hidden dark:border-slate-800" />
      </nav>
    </header>
  );
}
