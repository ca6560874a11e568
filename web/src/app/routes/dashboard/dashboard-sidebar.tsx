import { isSafeImageUrl } from '@model/validators';
import { useState, type Ref, type ComponentType, type SVGProps } from 'react';
import { NavLink } from 'react-router-dom';
import { CloseIcon, LogoutIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useLogOut } from '@/features/auth/hooks/use-log-out';
import type { AuthUser } from '@/lib/auth';
import { translate, useT } from '@/lib/i18n/i18n';
import { defineMessages, type Message } from '@/lib/i18n/messages';
import {
  AddIcon,
  BellIcon,
  LeafIcon,
  ListIcon,
  OverviewIcon,
  PlaceIcon,
  TodayIcon,
  UserIcon,
} from '@/components/ui/dashboard-icons';

const messages = defineMessages({
  overview: { id: 'dashboardRoutes.nav.overview', message: 'Overview' },
  today: { id: 'dashboardRoutes.nav.today', message: 'Today' },
  allItems: { id: 'dashboardRoutes.nav.allItems', message: 'All Items' },
  myItems: { id: 'dashboardRoutes.nav.myItems', message: 'My Items' },
  addItem: { id: 'dashboardRoutes.nav.addItem', message: 'Add Item' },
  places: { id: 'dashboardRoutes.nav.places', message: 'Places' },
  reminders: { id: 'dashboardRoutes.nav.reminders', message: 'Reminders' },
  guestUser: { id: 'dashboardRoutes.guestUser', message: 'Guest User' },
  sidebar: { id: 'dashboardRoutes.sidebar', message: 'Dashboard sidebar' },
  loggedIn: { id: 'dashboardRoutes.loggedIn', message: 'Logged In' },
  guest: { id: 'dashboardRoutes.guest', message: 'Guest' },
  close: { id: 'dashboardRoutes.close', message: 'Close dashboard menu' },
  nav: { id: 'dashboardRoutes.nav', message: 'Dashboard' },
  logout: { id: 'dashboardRoutes.logout', message: 'Logout' },
});

interface DashboardNavItem {
  to: string;
  label: Message;
  icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
  /** Marked current only on exactly this path (the index page). */
  end?: boolean;
}

/** The dashboard's pages, in sidebar order. */
const DASHBOARD_NAV: DashboardNavItem[] = [
  { to: paths.dashboard, label: messages.overview, icon: OverviewIcon, end: true },
  { to: paths.dashboardToday, label: messages.today, icon: TodayIcon },
  { to: paths.dashboardAllItems, label: messages.allItems, icon: ListIcon },
  { to: paths.dashboardMyItems, label: messages.myItems, icon: LeafIcon },
  { to: paths.dashboardAddItem, label: messages.addItem, icon: AddIcon },
  { to: paths.dashboardPlaces, label: messages.places, icon: PlaceIcon },
  { to: paths.dashboardReminders, label: messages.reminders, icon: BellIcon },
];

/** The name the dashboard greets: display name, else email, else 'Guest User'. */
export function dashboardUserName(
  user: Pick<AuthUser, 'displayName' | 'email'> | null,
  t: typeof translate = translate,
): string {
  return user?.displayName?.trim() || user?.email || t(messages.guestUser);
}

const baseLinkClass = 'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-semibold transition-colors';
const activeLinkClass = 'bg-leaf-700 text-white';
const idleLinkClass =
  'text-slate-800 hover:bg-leaf-50 hover:text-leaf-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white';
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `${baseLinkClass} ${isActive ? activeLinkClass : idleLinkClass}`;

export interface DashboardSidebarProps {
  id: string;
  user: AuthUser | null;
  /** Phones and tablets: the sidebar is a drawer, shown while open. Always shown from lg up. */
  open: boolean;
  onClose: () => void;
  /** A link was followed (the drawer closes and the layout moves focus to the page). */
  onNavigate: () => void;
}

/**
 * The dashboard shell's sidebar: who is signed in, the pages with the
 * current one marked (NavLink sets aria-current="page"), and Logout.
 */
export function DashboardSidebar({
  id,
  user,
  open,
  onClose,
  onNavigate,
  ref,
}: DashboardSidebarProps & { ref?: Ref<HTMLElement> }) {
  const t = useT();
  const handleLogout = useLogOut();
  const [photoFailed, setPhotoFailed] = useState(false);
  const photo = user?.photoURL && isSafeImageUrl(user.photoURL) && !photoFailed ? user.photoURL : null;

  return (
    <aside
      id={id}
      ref={ref}
      aria-label={t(messages.sidebar)}
      className={`fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-white p-5 shadow-2xl duration-200 motion-reduce:transition-none dark:bg-slate-900 lg:sticky lg:top-20 lg:z-auto lg:w-64 lg:max-w-none lg:shrink-0 lg:translate-x-0 lg:self-start lg:rounded-2xl lg:shadow-sm lg:ring-1 lg:ring-slate-200 lg:visible dark:lg:ring-slate-800 ${
        // Visibility flips at once on opening (so focus can move in) and at the end of the slide
        // on closing (so the slide is seen).
        open
          ? 'visible translate-x-0 transition-transform'
          : 'invisible -translate-x-full transition-[transform,visibility]'
      }`}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 items-center gap-3">
          {photo ? (
            <img
              src={photo}
              alt=""
              width={48}
              height={48}
              referrerPolicy="no-referrer"
              onError={() => setPhotoFailed(true)}
              className="size-12 shrink-0 rounded-full object-cover ring-2 ring-leaf-600"
            />
          ) : (
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-leaf-50 text-leaf-800 ring-2 ring-leaf-600 dark:bg-leaf-900 dark:text-leaf-50">
              <UserIcon size={24} />
            </span>
          )}
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900 dark:text-white">{dashboardUserName(user, t)}</p>
            <p className="text-sm text-slate-700 dark:text-slate-300">{t(user ? messages.loggedIn : messages.guest)}</p>
          </div>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 lg:hidden dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <CloseIcon size={22} />
          <span className="sr-only">{t(messages.close)}</span>
        </button>
      </div>

      <nav aria-label={t(messages.nav)}>
        <ul className="flex flex-col gap-1">
          {DASHBOARD_NAV.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink to={to} end={end} onClick={onNavigate} className={linkClass}>
                <Icon size={18} />
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      {user && (
        <button
          type="button"
          onClick={handleLogout}
          className="mt-auto inline-flex items-center justify-center gap-2 rounded-lg border border-red-700 px-3 py-2.5 text-sm font-semibold text-red-800 transition-colors hover:bg-red-50 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950"
        >
          <LogoutIcon size={18} />
          {t(messages.logout)}
        </button>
      )}
    </aside>
  );
}
