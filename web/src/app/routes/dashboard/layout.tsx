import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { MenuIcon } from '@/components/ui/icons';
import { DashboardSidebar } from '@/app/routes/dashboard/dashboard-sidebar';
import { useAuth } from '@/lib/auth';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  menu: { id: 'dashboardRoutes.menu', message: 'Dashboard menu' },
});

const SIDEBAR_ID = 'dashboard-sidebar';
const ESCAPE_KEY = 'Escape';
/** The drawer's first link, which takes the focus when it opens. */
const FIRST_LINK = 'nav a';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The dashboard shell: the sidebar beside the nested page from lg up; below
 * that a "Dashboard menu" button opens it as a drawer over a dimmed page. The drawer closes on a
 * link, on the overlay, on Escape and on any navigation; while it is open, Tab stays inside it.
 * Focus goes into the drawer when it opens, back to the button when it is dismissed, and to the
 * new page when a link was followed.
 */
export function Component() {
  const t = useT();
  const { user } = useAuth();
  const { pathname } = useLocation();
  // The drawer remembers the page it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const toggle = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);

  const dismiss = () => {
    setOpenOn(null);
    toggle.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    sidebar.current?.querySelector<HTMLElement>(FIRST_LINK)?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== ESCAPE_KEY) return;
      setOpenOn(null);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const trapTab = (event: KeyboardEvent) => {
    if (!open || event.key !== 'Tab' || !sidebar.current) return;
    const items = [...sidebar.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const followedLink = () => {
    if (!open) return;
    setOpenOn(null);
    // After the new page has rendered, so reading starts at it rather than at a hidden link.
    requestAnimationFrame(() => content.current?.focus());
  };

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-3 py-6 sm:px-4 lg:flex-row lg:gap-6 lg:py-8">
      <div className="lg:hidden">
        <button
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls={SIDEBAR_ID}
          onClick={() => setOpenOn(open ? null : pathname)}
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <MenuIcon size={18} />
          {t(messages.menu)}
        </button>
      </div>

      {open && <div aria-hidden="true" onClick={dismiss} className="fixed inset-0 z-50 bg-slate-950/60 lg:hidden" />}

      {/* Only listens for Tab inside the drawer; the drawer's own controls are the interactive part. */}
      <div onKeyDown={trapTab} className="contents">
        <DashboardSidebar
          ref={sidebar}
          id={SIDEBAR_ID}
          user={user}
          open={open}
          onClose={dismiss}
          onNavigate={followedLink}
        />
      </div>

      <div ref={content} tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
        <Outlet />
      </div>
    </div>
  );
}
