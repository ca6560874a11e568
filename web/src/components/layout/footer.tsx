import type { ComponentType, FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon, YouTubeIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useHydrated } from '@/lib/hydration';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  appName: { id: 'app.name', message: 'Mango Grove Tracker' },
  about: {
    id: 'footer.about',
    message:
      "Job tracking and plant care in one place: plan your garden jobs, log every watering and keep each plant's health on track, from the first seedling to a thriving grove.",
  },
  followUs: { id: 'footer.followUs', message: 'Follow us' },
  opensInNewTab: { id: 'footer.opensInNewTab', message: '{name} (opens in a new tab)' },
  quickLinksLabel: { id: 'footer.quickLinksLabel', message: 'Quick links' },
  quickLinks: { id: 'footer.quickLinks', message: 'Quick Links' },
  home: { id: 'nav.home', message: 'Home' },
  addPlant: { id: 'footer.addPlant', message: 'Add a Plant' },
  allPlants: { id: 'nav.allPlants', message: 'All Plants' },
  myPlants: { id: 'nav.myPlants', message: 'My Plants' },
  stayUpdated: { id: 'footer.stayUpdated', message: 'Stay Updated' },
  newsletter: { id: 'footer.newsletter', message: 'Seasonal care tips and new features, once a month.' },
  email: { id: 'footer.email', message: 'Email address' },
  subscribe: { id: 'footer.subscribe', message: 'Subscribe' },
  copyright: { id: 'footer.copyright', message: '© {year} Mango Grove Tracker. All rights reserved.' },
});

const QUICK_LINKS = [
  { to: paths.home, label: messages.home },
  { to: paths.addPlants, label: messages.addPlant },
  { to: paths.allPlants, label: messages.allPlants },
  { to: paths.myPlants, label: messages.myPlants },
] as const;

const SOCIAL_LINKS: { name: string; href: string; Icon: ComponentType<{ size?: number }> }[] = [
  { name: 'Facebook', href: 'https://www.facebook.com/', Icon: FacebookIcon },
  { name: 'X', href: 'https://x.com/', Icon: XIcon },
  { name: 'Instagram', href: 'https://www.instagram.com/', Icon: InstagramIcon },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/', Icon: LinkedInIcon },
  { name: 'YouTube', href: 'https://www.youtube.com/', Icon: YouTubeIcon },
];

const headingClass = 'mb-3 text-sm font-bold uppercase tracking-wide text-leaf-800 dark:text-mango-400';
const linkClass =
  'rounded text-slate-700 underline-offset-4 hover:text-leaf-800 hover:underline dark:text-slate-300 dark:hover:text-white';

/** The footer: quick links, subscribe form, five social links, copyright. */
export function Footer() {
  // The subscribe form sends nothing anywhere; it only must not reload the page.
  const keepPage = (event: FormEvent) => event.preventDefault();
  // A prerendered page says the year it was built in until it has hydrated (lib/hydration.ts).
  const hydrated = useHydrated();
  const year = hydrated ? new Date().getFullYear() : BUILD_YEAR;
  const t = useT();

  return (
    <footer className="border-t border-slate-200 bg-slate-100 text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="flex items-center gap-2 text-xl font-bold text-leaf-800 dark:text-leaf-50">
            <img src="/favicon.svg" alt="" width={32} height={32} loading="lazy" className="size-8" />
            {t(messages.appName)}
          </p>
          <p className="mt-3 max-w-md text-sm leading-relaxed text-slate-700 dark:text-slate-300">
            {t(messages.about)}
          </p>
          <ul className="mt-5 flex flex-wrap gap-2" aria-label={t(messages.followUs)}>
            {SOCIAL_LINKS.map(({ name, href, Icon }) => (
              <li key={name}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t(messages.opensInNewTab, { name })}
                  className="flex size-10 items-center justify-center rounded-full bg-white text-leaf-800 shadow-sm transition-colors hover:bg-leaf-700 hover:text-white dark:bg-slate-800 dark:text-leaf-50 dark:hover:bg-leaf-700"
                >
                  <Icon size={20} />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-label={t(messages.quickLinksLabel)}>
          <h2 className={headingClass}>{t(messages.quickLinks)}</h2>
          <ul className="space-y-2 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className={headingClass}>{t(messages.stayUpdated)}</h2>
          <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{t(messages.newsletter)}</p>
          <form onSubmit={keepPage} className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
            <label htmlFor="footer-subscribe-email" className="sr-only">
              {t(messages.email)}
            </label>
            <input
              id="footer-subscribe-email"
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@example.com"
              // The footer's HTML hydrates once its code is in, which may be after the page's: its
              // form stays disabled until then, or Subscribe would send it as a plain form.
              disabled={!hydrated}
              className="min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
            />
            <button
              type="submit"
              disabled={!hydrated}
              className="rounded-lg bg-leaf-700 px-4 py-2 text-sm font-semibold text-white hover:bg-leaf-800"
            >
              {t(messages.subscribe)}
            </button>
          </form>
        </div>
      </div>
      <div className="border-t border-slate-200 py-5 text-center text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
        {t(messages.copyright, { year })}
      </div>
    </footer>
  );
}
