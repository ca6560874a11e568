import { isSafeImageUrl } from '@model/validators';
import { useState } from 'react';
import type { AuthUser } from '@/lib/auth';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  title: { id: 'dashboard.user.title', message: 'Logged-in User Information' },
  photo: { id: 'dashboard.user.photo', message: 'Your profile photo' },
  name: { id: 'dashboard.user.name', message: 'Name' },
  email: { id: 'dashboard.user.email', message: 'Email' },
  notAvailable: { id: 'dashboard.user.notAvailable', message: 'N/A' },
});

/** Overview's 'Logged-in User Information': name (or N/A), email and the photo when there is one. */
export function UserInfoCard({ user }: { user: AuthUser | null }) {
  const t = useT();
  const [photoFailed, setPhotoFailed] = useState(false);
  const photo = user?.photoURL && isSafeImageUrl(user.photoURL) && !photoFailed ? user.photoURL : null;
  return (
    <section
      aria-labelledby="user-info-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="user-info-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t(messages.title)}
      </h2>
      <div className="mt-4 flex items-start gap-4">
        {photo && (
          <img
            src={photo}
            alt={t(messages.photo)}
            width={64}
            height={64}
            referrerPolicy="no-referrer"
            onError={() => setPhotoFailed(true)}
            className="size-16 shrink-0 rounded-full object-cover ring-2 ring-leaf-600"
          />
        )}
        <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
          <dt className="font-semibold text-slate-700 dark:text-slate-300">{t(messages.name)}</dt>
          <dd className="break-words text-slate-900 dark:text-slate-100">
            {user?.displayName?.trim() || t(messages.notAvailable)}
          </dd>
          <dt className="font-semibold text-slate-700 dark:text-slate-300">{t(messages.email)}</dt>
          <dd className="break-all text-slate-900 dark:text-slate-100">{user?.email || t(messages.notAvailable)}</dd>
        </dl>
      </div>
    </section>
  );
}
