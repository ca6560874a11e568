const TEAM = [
  { name: 'Amina Rahman', role: 'Founder & Horticulturist', initials: 'AR' },
  { name: 'Lucas Moreau', role: 'Lead Developer', initials: 'LM' },
  { name: 'Priya Nair', role: 'Community & Plant Care Specialist', initials: 'PN' },
];

/** About: the mission and the three team members. */
export function Component() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl dark:text-white">About Us</h1>

      <section aria-labelledby="mission-title" className="mt-8 rounded-2xl bg-mango-50 p-6 sm:p-8 dark:bg-slate-900">
        <h2 id="mission-title" className="text-2xl font-bold text-leaf-800 dark:text-mango-400">
          Our Mission
        </h2>
        <p className="mt-4 leading-relaxed text-slate-800 dark:text-slate-200">
          Mango Grove Tracker helps plant owners, gardeners and plant lovers give every plant the care it needs. We keep
          watering schedules, care levels and health notes in one simple place, so fewer plants are forgotten,
          overwatered or left in the wrong light, and more of them thrive for years.
        </p>
        <p className="mt-4 leading-relaxed text-slate-800 dark:text-slate-200">
          Whether you look after a single succulent on a windowsill or a whole balcony grove, we want caring for plants
          to feel calm, confident and rewarding.
        </p>
      </section>

      <section aria-labelledby="team-title" className="mt-12">
        <h2 id="team-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          Meet the Team
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
              <p className="text-sm text-slate-700 dark:text-slate-300">{member.role}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
