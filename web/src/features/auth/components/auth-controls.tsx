import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { LogoutIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useLogOut } from '../hooks/use-log-out';
import { useAuth } from '@/lib/auth';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  account: { id: 'account.label', message: 'Account' },
  yourAccount: { id: 'account.yours', message: 'Your account' },
  logout: { id: 'account.logout', message: 'Logout' },
  login: { id: 'nav.login', message: 'Login' },
  register: { id: 'nav.register', message: 'Register' },
});

/** A button's box, without its display: the Logout button's placeholder has the same. */
const buttonBox = 'items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-semibold';
const buttonClass = `inline-flex ${buttonBox} transition-colors`;
const primaryClass = `${buttonClass} bg-leaf-700 text-white hover:bg-leaf-800`;
const secondaryClass = `${buttonClass} border border-leaf-700 text-leaf-800 hover:bg-leaf-50 dark:border-leaf-600 dark:text-leaf-50 dark:hover:bg-slate-800`;

/**
 * The navigation bar's account area: signed out, Login and Register; signed in
 * with a photo, the photo, revealing the display name and Logout on hover or keyboard focus (or a
 * tap on touch screens); signed in without a photo, Logout only. While Firebase has not yet said
 * who is signed in (and in a prerendered page's HTML), what index.html's script guessed from the
 * user this browser remembers (`html[data-account]`, lib/auth.ts): a visitor's Login and Register,
 * or a placeholder of the photo or of Logout at its size, so nothing flashes or moves when it says.
 */
export function AuthControls() {
  const t = useT();
  return (
    <div role="group" aria-label={t(messages.account)} className="flex items-center">
      <AccountArea />
    </div>
  );
}

function AccountArea() {
  const { loading, user } = useAuth();
  const handleLogout = useLogOut();
  const t = useT();

  if (user?.photoURL)
    return (
      <UserMenu name={user.displayName || t(messages.yourAccount)} photoURL={user.photoURL} onLogout={handleLogout} />
    );
  if (user) return <LogoutButton onLogout={handleLogout} />;
  if (loading)
    return (
      <>
        <span
          aria-hidden="true"
          className="hidden size-9 animate-pulse rounded-full bg-slate-200 motion-reduce:animate-none remembered-photo:block dark:bg-slate-800"
        />
        <span aria-hidden="true" className={`invisible hidden ${buttonBox} remembered-plain:inline-flex`}>
          <LogoutIcon size={16} />
          {t(messages.logout)}
        </span>
        <VisitorButtons className="remembered:hidden" />
      </>
    );
  return <VisitorButtons />;
}

function VisitorButtons({ className = '' }: { className?: string }) {
  const t = useT();
  return (
    <div className={`flex items-center gap-1.5 ${className}`}>
      <Link to={paths.login} className={secondaryClass}>
        {t(messages.login)}
      </Link>
      <Link to={paths.register} className={primaryClass}>
        {t(messages.register)}
      </Link>
    </div>
  );
}

function LogoutButton({ onLogout }: { onLogout: () => void }) {
  const t = useT();
  return (
    <button type="button" onClick={onLogout} className={primaryClass}>
      <LogoutIcon size={16} />
      {t(messages.logout)}
    </button>
  );
}

function UserMenu({ name, photoURL, onLogout }: { name: string; photoURL: string; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const [photoFailed, setPhotoFailed] = useState(false);
  const panelId = useId();
  return (
    <div
      className="group relative"
      onMouseLeave={() => setOpen(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex size-9 items-center justify-center overflow-hidden rounded-full ring-2 ring-leaf-600"
      >
        {photoFailed ? (
          <span
            aria-label={name}
            role="img"
            className="flex size-full items-center justify-center bg-leaf-700 font-bold text-white"
          >
            {name.charAt(0).toUpperCase()}
          </span>
        ) : (
          <img
            src={photoURL}
            alt={name}
            width={36}
            height={36}
            referrerPolicy="no-referrer"
            onError={() => setPhotoFailed(true)}
            className="size-full object-cover"
          />
        )}
      </button>
      {/* Visible on hover, on focus inside (so Tab reaches Logout) and after a tap. */}
      <div
        id={panelId}
        className={`absolute right-0 top-full z-50 pt-2 ${open ? 'visible' : 'invisible group-focus-within:visible group-hover:visible'}`}
      >
        <div className="flex min-w-48 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <p className="font-semibold text-slate-900 dark:text-slate-100">{name}</p>
          <LogoutButton onLogout={onLogout} />
        </div>
      </div>
    </div>
  );
}
