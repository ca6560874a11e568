import { CARE_JOB_WORDS, daysBetween, dueJobs, type CareJob, type DueJob, type Plant } from '../model';
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

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "water", "water and fertilize", "water, mist and prune". */
function jobWords(jobs: readonly DueJob[]): string {
  const words = jobs.map((job) => CARE_JOB_WORDS[job.job].label.toLowerCase());
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function lateWords(lateDays: number, turnOf?: string): string {
  const late = lateDays === 0 ? 'due today' : `${plural(lateDays, 'day')} overdue`;
  return turnOf ? `${late} on ${turnOf}'s turn` : late;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The digest of the jobs due on or before `day` (the person's own day) on `plants`: a plant per
 * entry, the most overdue first, then by name; null when nothing is due. How late each is, is said
 * as of `sentOn`, the person's day when it is sent (a digest held back by quiet hours may go the
 * morning after its day: "1 day overdue", not "due today"). The links point at `appUrl` (the
 * plant's page, and Today); the email's unsubscribe link is `unsubscribeUrl`.
 */
export function composeDigest(
  plants: readonly Plant[],
  day: string,
  links: { appUrl: string; unsubscribeUrl: string | null },
  turnOf: ReadonlyMap<string, string> = new Map(),
  sentOn: string = day,
): DigestMessage | null {
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
  const title = `${plural(due.length, 'plant')} ${due.length === 1 ? 'needs' : 'need'} care today`;
  const todayUrl = `${links.appUrl}/dashboard/today`;
  const line = (plant: DigestPlant) =>
    `${plant.plantName}: ${jobWords(plant.jobs)} (${lateWords(plant.lateDays, plant.turnOf)})`;

  const named = due.slice(0, PUSH_BODY_PLANTS).map(line);
  const more = due.length - named.length;
  const push: DigestPush = {
    title,
    body: [...named, ...(more > 0 ? [`and ${plural(more, 'more plant')}`] : [])].join('\n'),
    url: '/dashboard/today',
    day,
    jobs: due
      .flatMap((plant) => plant.jobs.map((job) => ({ plantId: plant.plantId, task: job.job as CareJob })))
      .slice(0, PUSH_JOBS_MAX),
  };

  const unsubscribeText = links.unsubscribeUrl
    ? `\nTo stop these emails: ${links.unsubscribeUrl}\n(You can turn them on again on the dashboard's Reminders page.)\n`
    : '';
  const text = [
    `${title}.`,
    '',
    ...due.map((plant) => `- ${line(plant)}\n  ${links.appUrl}/plant/${plant.plantId}`),
    '',
    `Open Today to mark them done: ${todayUrl}`,
    unsubscribeText,
  ].join('\n');
  const html = [
    '<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2d1f">',
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>`,
    '<ul>',
    ...due.map(
      (plant) =>
        `<li><a href="${escapeHtml(`${links.appUrl}/plant/${plant.plantId}`)}">${escapeHtml(plant.plantName)}</a>: ${escapeHtml(jobWords(plant.jobs))} (${escapeHtml(lateWords(plant.lateDays, plant.turnOf))})</li>`,
    ),
    '</ul>',
    `<p><a href="${escapeHtml(todayUrl)}">Open Today to mark them done</a></p>`,
    links.unsubscribeUrl
      ? `<p style="font-size:12px;color:#555"><a href="${escapeHtml(links.unsubscribeUrl)}">Stop these emails</a>. You can turn them on again on the dashboard's Reminders page.</p>`
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
