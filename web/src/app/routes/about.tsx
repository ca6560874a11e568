import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  title: { id: 'routes.about.title', message: 'About Us' },
  mission: { id: 'routes.about.mission', message: 'Our Mission' },
  missionText: {
    id: 'routes.about.missionText',
    message:
      'Mango Grove Tracker helps plant owners, gardeners and plant lovers give every plant the care it needs. We keep watering schedules, care levels and health notes in one simple place, so fewer plants are forgotten, overwatered or left in the wrong light, and more of them thrive for years.',
  },
  missionWish: {
    id: 'routes.about.missionWish',
    message:
      'Whether you look after a single succulent on a windowsill or a whole balcony grove, we want caring for plants to feel calm, confident and rewarding.',
  },
  team: { id: 'routes.about.team', message: 'Meet the Team' },
  founder: { id: 'routes.about.role.founder', message: 'Founder & Horticulturist' },
  developer: { id: 'routes.about.role.developer', message: 'Lead Developer' },
  specialist: { id: 'routes.about.role.specialist', message: 'Community & Plant Care Specialist' },
});

// People's names, the same in every language.
const AMINA = 'Amina Rahman';
const LUCAS = 'Lucas Moreau';
const PRIYA = 'Priya Nair';

const TEAM = [
  { name: AMINA, role: messages.founder, initials: 'AR' },
  { name: LUCAS, role: messages.developer, initials: 'LM' },
  { name: PRIYA, role: messages.specialist, initials: 'PN' },
];

/** About: the mission and the three team members. */
export function Component() {
  const t = useT();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl dark:text-white">{t(messages.title)}</h1>

      <section aria-labelledby="mission-title" className="mt-8 rounded-2xl bg-mango-50 p-6 sm:p-8 dark:bg-slate-900">
        <h2 id="mission-title" className="text-2xl font-bold text-leaf-800 dark:text-mango-400">
          {t(messages.mission)}
        </h2>
        <p className="mt-4 leading-relaxed text-slate-800 dark:text-slate-200">{t(messages.missionText)}</p>
        <p className="mt-4 leading-relaxed text-slate-800 dark:text-slate-200">{t(messages.missionWish)}</p>
      </section>

      <section aria-labelledby="team-title" className="mt-12">
        <h2 id="team-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          {t(messages.team)}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-3">
          {TEAM.map((member) => (
            <li
              key={member.name}
              className="rounded-2xl bg-white p-6 text-center shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
            >
              <span
                aria-hidden="true"
                className="mx-auto flex size-20 items-center justify-center rounded-full bg-leaf-700 text-2xl font-bold text-white"
              >
                {member.initials}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{member.name}</h3>
              <p className="text-sm text-slate-700 dark:text-slate-300">{t(member.role)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
