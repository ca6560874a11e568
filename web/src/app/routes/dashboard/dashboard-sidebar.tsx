import { isSafeImageUrl } from '@model/validators';
import { useState, type Ref, type ComponentType, type SVGProps } from 'react';
import { NavLink } from 'react-router-dom';
import { CloseIcon, LogoutIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useLogOut } from '@/features/auth/hooks/use-log-out';
import type { AuthUser } from '@/lib/auth';
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

interface DashboardNavItem {
  to: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
  /** Marked current only on exactly this path (the index page). */
  end?: boolean;
}

/** The dashboard's pages, in sidebar order. */
const DASHBOARD_NAV: DashboardNavItem[] = [
  { to: paths.dashboard, label: 'Overview', icon: OverviewIcon, end: true },
  { to: paths.dashboardToday, label: 'Today', icon: TodayIcon },
  { to: paths.dashboardAllItems, label: 'All Items', icon: ListIcon },
  { to: paths.dashboardMyItems, label: 'My Items', icon: LeafIcon },
  { to: paths.dashboardAddItem, label: 'Add Item', icon: AddIcon },
  { to: paths.dashboardPlaces, label: 'Places', icon: PlaceIcon },
  { to: paths.dashboardReminders, label: 'Reminders', icon: BellIcon },
];

/** The name the dashboard greets: display name, else email, else 'Guest User'. */
export function dashboardUserName(user: Pick<AuthUser, 'displayName' | 'email'> | null): string {
  return user?.displayName?.trim() || user?.email || 'Guest User';
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-semibold transition-colors ${
    isActive
      ? 'bg-leaf-700 text-white'
      : 'text-slate-800 hover:bg-leaf-50 hover:text-leaf-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white'
  }`;

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
  const handleLogout = useLogOut();
  const [photoFailed, setPhotoFailed] = useState(false);
  const photo = user?.photoURL && isSafeImageUrl(user.photoURL) && !photoFailed ? user.photoURL : null;

  return (
    <aside
      id={id}
      ref={ref}
      aria-label="Dashboard sidebar"
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
            <p className="truncate font-semibold text-slate-900 dark:text-white">{dashboardUserName(user)}</p>
            <p className="text-sm text-slate-700 dark:text-slate-300">{user ? 'Logged In' : 'Guest'}</p>
          </div>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 lg:hidden dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <CloseIcon size={22} />
          <span className="sr-only">Close dashboard menu</span>
        </button>
      </div>

      <nav aria-label="Dashboard">
        <ul className="flex flex-col gap-1">
          {DASHBOARD_NAV.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink to={to} end={end} onClick={onNavigate} className={linkClass}>
                <Icon size={18} />
                {label}
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
          Logout
        </button>
      )}
    </aside>
  );
}
