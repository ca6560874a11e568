import { ENGLISH, type Translator } from '../lib/translator';
import { daysBetween, dueJobs, type CareJob, type DueJob, type Plant } from '../model';
import type { Language } from '../model/languages';
import { defineMessages } from '../model/locales/catalogue';
import type { DigestPush } from '../model/reminders';

/** One plant of a digest and its jobs due today or overdue. */
interface DigestPlant {
  plantId: string;
  plantName: string;
  jobs: DueJob[];
  /** Days its earliest job is late (0: due today). */
  lateDays: number;
  /** Whose turn it was, for a late job handed on to the reader by the household's rota. */
  turnOf?: string;
}

/** A day's digest: its plants, overdue first, and what each channel says. */
export interface DigestMessage {
  day: string;
  plants: DigestPlant[];
  jobCount: number;
  title: string;
  push: DigestPush;
  email: { subject: string; text: string; html: string };
}

/** The most jobs a push notification lists (a push message carries at most about 4 KB). */
const PUSH_JOBS_MAX = 40;
/** The most plants a push notification's body names; the rest are counted. */
const PUSH_BODY_PLANTS = 4;

/*
 * What a digest says, in the person's language (their reminder settings' `language`): English here,
 * the other languages in the catalogues (model/locales). A count is written as a plain number
 * (`{count}`, not ICU's `#`, which would group digits: "1,095 days overdue" where the digests have
 * always said "1095").
 */
const messages = defineMessages({
  title: {
    id: 'server.digest.title',
    message: '{count, plural, one {{count} plant needs care today} other {{count} plants need care today}}',
  },
  line: { id: 'server.digest.line', message: '{plantName}: {jobs} ({late})' },
  job: {
    id: 'server.digest.job',
    message: '{job, select, water {water} fertilize {fertilize} repot {repot} prune {prune} mist {mist} other {{job}}}',
  },
  late: {
    id: 'server.digest.late',
    message: '{days, plural, =0 {due today} one {{days} day overdue} other {{days} days overdue}}',
  },
  lateOnTurn: { id: 'server.digest.lateOnTurn', message: "{late} on {name}'s turn" },
  more: {
    id: 'server.digest.more',
    message: '{count, plural, one {and {count} more plant} other {and {count} more plants}}',
  },
  openToday: { id: 'server.digest.openToday', message: 'Open Today to mark them done' },
  openTodayAt: { id: 'server.digest.openTodayAt', message: 'Open Today to mark them done: {url}' },
  stopAt: { id: 'server.digest.stopAt', message: 'To stop these emails: {url}' },
  stop: { id: 'server.digest.stop', message: 'Stop these emails' },
  turnOnAgain: {
    id: 'server.digest.turnOnAgain',
    message: "You can turn them on again on the dashboard's Reminders page.",
  },
  nothingDue: { id: 'server.digest.nothingDue', message: 'Nothing needs care today' },
  testExplained: {
    id: 'server.digest.testExplained',
    message: 'This is a test of your reminders: your daily digest will list the jobs due.',
  },
  testPush: { id: 'server.digest.testPush', message: 'This is a test of your reminders.' },
  openTodayShort: { id: 'server.digest.openTodayShort', message: 'Open Today' },
});

/**
 * How each language joins the jobs of a plant: "water, mist and prune", "regar, abonar y podar".
 * English as en-GB writes it, with no comma before "and", as the digests always have.
 */
const LIST_LOCALES: Partial<Record<Language, string>> = { en: 'en-GB' };
const listFormats = new Map<Language, Intl.ListFormat>();
const listIn = (language: Language) => {
  let format = listFormats.get(language);
  if (!format) {
    format = new Intl.ListFormat(LIST_LOCALES[language] ?? language, { type: 'conjunction' });
    listFormats.set(language, format);
  }
  return format;
};

/** "water", "water and fertilize", "water, mist and prune", in the translator's language. */
function jobWords(jobs: readonly DueJob[], { language, t }: Translator): string {
  return listIn(language).format(jobs.map((job) => t(messages.job, { job: job.job })));
}

function lateWords(lateDays: number, { t }: Translator, turnOf?: string): string {
  const late = t(messages.late, { days: lateDays });
  return turnOf ? t(messages.lateOnTurn, { late, name: turnOf }) : late;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The digest of the jobs due on or before `day` (the person's own day) on `plants`: a plant per
 * entry, the most overdue first, then by name; null when nothing is due. How late each is, is said
 * as of `sentOn`, the person's day when it is sent (a digest held back by quiet hours may go the
 * morning after its day: "1 day overdue", not "due today"). The links point at `appUrl` (the
 * plant's page, and Today); the email's unsubscribe link is `unsubscribeUrl`. Every text is in
 * `translator`'s language, the person's.
 */
export function composeDigest(
  plants: readonly Plant[],
  day: string,
  links: { appUrl: string; unsubscribeUrl: string | null },
  turnOf: ReadonlyMap<string, string> = new Map(),
  sentOn: string = day,
  translator: Translator = ENGLISH,
): DigestMessage | null {
  const { t } = translator;
  const due = plants
    .map((plant): DigestPlant | null => {
      const jobs = dueJobs(plant, day);
      if (!jobs.length) return null;
      const turn = turnOf.get(plant._id);
      return {
        plantId: plant._id,
        plantName: plant.plantName,
        jobs,
        lateDays: daysBetween(jobs[0]!.date, sentOn > day ? sentOn : day),
        ...(turn ? { turnOf: turn } : {}),
      };
    })
    .filter((plant): plant is DigestPlant => plant !== null)
    .sort((a, b) => b.lateDays - a.lateDays || a.plantName.localeCompare(b.plantName));
  if (!due.length) return null;

  const jobCount = due.reduce((sum, plant) => sum + plant.jobs.length, 0);
  const title = t(messages.title, { count: due.length });
  const todayUrl = `${links.appUrl}/dashboard/today`;
  const jobsOf = (plant: DigestPlant) => jobWords(plant.jobs, translator);
  const lateOf = (plant: DigestPlant) => lateWords(plant.lateDays, translator, plant.turnOf);
  const line = (plant: DigestPlant) =>
    t(messages.line, { plantName: plant.plantName, jobs: jobsOf(plant), late: lateOf(plant) });

  const named = due.slice(0, PUSH_BODY_PLANTS).map(line);
  const more = due.length - named.length;
  const push: DigestPush = {
    title,
    body: [...named, ...(more > 0 ? [t(messages.more, { count: more })] : [])].join('\n'),
    url: '/dashboard/today',
    day,
    jobs: due
      .flatMap((plant) => plant.jobs.map((job) => ({ plantId: plant.plantId, task: job.job as CareJob })))
      .slice(0, PUSH_JOBS_MAX),
  };

  const unsubscribeText = links.unsubscribeUrl
    ? `\n${t(messages.stopAt, { url: links.unsubscribeUrl })}\n(${t(messages.turnOnAgain)})\n`
    : '';
  const text = [
    `${title}.`,
    '',
    ...due.map((plant) => `- ${line(plant)}\n  ${links.appUrl}/plant/${plant.plantId}`),
    '',
    t(messages.openTodayAt, { url: todayUrl }),
    unsubscribeText,
  ].join('\n');
  // The catalogues' own text is the product's (no markup); what came from elsewhere is escaped.
  const html = [
    `<!doctype html><html lang="${translator.language}"><body style="font-family:system-ui,sans-serif;color:#1f2d1f">`,
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>`,
    '<ul>',
    ...due.map(
      (plant) =>
        `<li>${t(messages.line, {
          plantName: `<a href="${escapeHtml(`${links.appUrl}/plant/${plant.plantId}`)}">${escapeHtml(plant.plantName)}</a>`,
          jobs: escapeHtml(jobsOf(plant)),
          late: escapeHtml(lateOf(plant)),
        })}</li>`,
    ),
    '</ul>',
    `<p><a href="${escapeHtml(todayUrl)}">${t(messages.openToday)}</a></p>`,
    links.unsubscribeUrl
      ? `<p style="font-size:12px;color:#555"><a href="${escapeHtml(links.unsubscribeUrl)}">${t(messages.stop)}</a>. ${t(messages.turnOnAgain)}</p>`
      : '',
    '</body></html>',
  ].join('\n');

  return {
    day,
    plants: due,
    jobCount,
    title,
    push,
    email: { subject: title, text, html },
  };
}

/** A test digest when nothing is due: it says so, so the person sees reminders reach them. */
export function composeNothingDue(day: string, appUrl: string, translator: Translator = ENGLISH): DigestMessage {
  const { t } = translator;
  const title = t(messages.nothingDue);
  const explained = t(messages.testExplained);
  const text = `${title}. ${explained}\n\n${appUrl}/dashboard/today\n`;
  return {
    day,
    plants: [],
    jobCount: 0,
    title,
    push: { title, body: t(messages.testPush), url: '/dashboard/today', day, jobs: [] },
    email: {
      subject: title,
      text,
      html: `<!doctype html><html lang="${translator.language}"><body style="font-family:system-ui,sans-serif"><h1 style="font-size:20px">${title}</h1><p>${explained}</p><p><a href="${appUrl}/dashboard/today">${t(messages.openTodayShort)}</a></p></body></html>`,
    },
  };
}
