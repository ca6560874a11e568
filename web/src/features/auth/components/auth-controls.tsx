import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { LogoutIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useLogOut } from '../hooks/use-log-out';
import { useAuth } from '@/lib/auth';

const buttonClass = 'inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-semibold transition-colors';
const primaryClass = `${buttonClass} bg-leaf-700 text-white hover:bg-leaf-800`;
const secondaryClass = `${buttonClass} border border-leaf-700 text-leaf-800 hover:bg-leaf-50 dark:border-leaf-600 dark:text-leaf-50 dark:hover:bg-slate-800`;

/**
 * The navigation bar's account area: signed out, Login and Register; signed in
 * with a photo, the photo, revealing the display name and Logout on hover or keyboard focus (or a
 * tap on touch screens); signed in without a photo, Logout only. While Firebase has not yet said
 * who is signed in, a placeholder holds the space so the wrong buttons never flash.
 */
export function AuthControls() {
  return (
    <div role="group" aria-label="Account" className="flex items-center">
      <AccountArea />
    </div>
  );
}

function AccountArea() {
  const { loading, user } = useAuth();
  const handleLogout = useLogOut();

  if (user?.photoURL)
    return <UserMenu name={user.displayName || 'Your account'} photoURL={user.photoURL} onLogout={handleLogout} />;
  if (user) return <LogoutButton onLogout={handleLogout} />;
  if (loading)
    return (
      <span
        aria-hidden="true"
        className="h-8 w-32 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none dark:bg-slate-800"
      />
    );
  return (
    <div className="flex items-center gap-1.5">
      <Link to={paths.login} className={secondaryClass}>
        Login
      </Link>
      <Link to={paths.register} className={primaryClass}>
        Register
      </Link>
    </div>
  );
}

function LogoutButton({ onLogout }: { onLogout: () => void }) {
  return (
    <button type="button" onClick={onLogout} className={primaryClass}>
      <LogoutIcon size={16} />
      Logout
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
