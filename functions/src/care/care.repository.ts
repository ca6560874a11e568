import type { DocumentData } from 'firebase-admin/firestore';
import type { AccountsRepository } from '../accounts/accounts.repository';
import { toIso } from '../lib/firestore-fields';
import type { Actor } from '../lib/viewer';
import type { Membership, SharablePlant } from '../access/household-access';
import { isCareJob, isCareTask, type CareJob, type Plant, type PlantEvent } from '../model';
import { rhythmAfterEvent } from '../model/rhythm';
import type { PlantsRepository, StoredEvent } from '../plants/plants.repository';
import {
  careUndone,
  orNull,
  stepOf,
  taskDates,
  wateringUndone,
  withRhythm,
  type JobDecision,
  type JobItem,
  type JobStep,
  type JobUndone,
  type LatestEvent,
  type LatestJob,
  type NoteDecision,
} from './job-steps';

/** What a job's undo takes back, and what it restores. */
interface JobKeeping {
  /** The events the undo looks at (all: undefined; a task's), newest first: their first is the one it takes back. */
  task: string | undefined;
  undone(current: Plant, event: DocumentData): JobUndone;
}

/**
 * Where watering and the care tasks differ on the one path of jobs (doJobs, undoLatestJobs; a job
 * done is wateringStep or careStep, by its decision). Watering keeps
 * its dates in the plant's own fields and its undo takes back only the plant's latest change, of
 * any kind; a care task keeps its schedule in `care` and its undo takes back the task's latest job
 * (composite index: task, revision desc), whatever came after it.
 */
function keepingOf(job: CareJob): JobKeeping {
  if (job === 'water') return { task: undefined, undone: wateringUndone };
  return { task: job, undone: (current, event) => careUndone(current, job, event) };
}

/** The event an undo would take back, as its rules need it. */
export type LatestJobEvent = LatestEvent & LatestJob;

const latestJobEvent = (event: DocumentData): LatestJobEvent => ({
  ...(event as LatestEvent),
  type: String(event.type ?? ''),
  revision: Number(event.revision),
});

/** An event's `by`: an account's (uid and name), or an imported event's name alone. */
const byOf = (value: unknown): PlantEvent['by'] | null => {
  if (!value || typeof value !== 'object') return null;
  const { uid, displayName } = value as Record<string, unknown>;
  if (typeof displayName !== 'string') return null;
  return typeof uid === 'string' ? { uid, displayName } : { displayName };
};

function toPlantEvent({ id, data }: StoredEvent): PlantEvent {
  const previous = data.previous as Record<string, unknown> | undefined;
  return {
    _id: id,
    type: String(data.type ?? ''),
    at: toIso(data.at),
    ...(typeof data.date === 'string' ? { date: data.date } : {}),
    ...(data.changes && typeof data.changes === 'object' ? { changes: data.changes as PlantEvent['changes'] } : {}),
    ...(previous
      ? {
          previous: {
            lastWateredDate: orNull(previous.lastWateredDate),
            nextWateringDate: orNull(previous.nextWateringDate),
          },
        }
      : {}),
    ...(isCareTask(data.task)
      ? {
          task: data.task,
          before: taskDates(data.before),
          after: taskDates(data.after) ?? { lastDate: null, nextDate: null },
        }
      : {}),
    // A check-in that found the job as far off as one may put it moved it no day: it has no `days`.
    ...((data.type === 'snoozed' || data.type === 'checked') && isCareJob(data.task)
      ? { task: data.task, ...(typeof data.days === 'number' ? { days: data.days } : {}) }
      : {}),
    ...(data.type === 'moved'
      ? {
          fromPlace: typeof data.fromPlace === 'string' ? data.fromPlace : null,
          toPlace: typeof data.toPlace === 'string' ? data.toPlace : null,
          ...(data.placeDeleted === true ? { placeDeleted: true as const } : {}),
        }
      : {}),
    ...(typeof data.text === 'string' ? { text: data.text } : {}),
    ...(typeof data.photoId === 'string' ? { photoId: data.photoId } : {}),
    ...(byOf(data.by) ? { by: byOf(data.by)! } : {}),
    ...(data.imported === true ? { imported: true as const } : {}),
    lastWateredDate: orNull(data.lastWateredDate),
    nextWateringDate: orNull(data.nextWateringDate),
  };
}

/**
 * Care jobs and their undo, and the journal (notes, the care history) of each plant: the events
 * under a plant, which the plant store keeps and writes (this room decides, the store writes: a
 * job's steps and its receipt, an undo, a note). Each change is one write of the account
 * (PlantsRepository.changePlant for one plant, AccountsRepository.write for a batch of jobs), the
 * update time of every plant it read the commit's precondition.
 */
export function createCareRepository(
  accounts: AccountsRepository,
  store: PlantsRepository,
  photoExists: (plantId: string, photoId: string) => Promise<boolean>,
) {
  const { changePlant } = store;

  return {
    /** A plant's events, newest first (by revision: the order they were stored in). */
    async listEvents(id: string, limit: number): Promise<PlantEvent[]> {
      return (await store.listEvents(id, limit)).map(toPlantEvent);
    },

    /**
     * Jobs done to plants of one account, waterings and care tasks alike (POST /mango/care, one job
     * of POST /mango/:id/care/:task, a snooze or a check-in) in one change, all or nothing, one
     * write of the budget per job. The same plant may have several jobs: each is decided on the
     * plant as the jobs before it left it, gets its own event (in the order of `items`) and activity
     * record, and the plant is written once. `decide` gets each plant (null when missing) and may
     * throw to refuse them all.
     * @returns each plant as stored afterwards, once, in the order of its first job
     */
    async doJobs(
      items: readonly JobItem[],
      by: Actor,
      decide: (
        id: string,
        current: Plant | null,
        job: CareJob,
        membership: () => Membership | null,
        recorded: boolean,
      ) => JobDecision | null,
      now = new Date(),
      jobId?: string,
    ): Promise<Plant[]> {
      if (jobId !== undefined && items.length !== 1) throw new Error('a job id names one job');
      return accounts.write(by.uid, now, async (account) => {
        const ids = [...new Set(items.map((item) => item.plantId))];
        // The receipt of the job id read with the plants, as of one moment (an answer to a job sent
        // twice at once shows the plant with the job that the receipt says is recorded).
        const { plants, recorded } = await store.readStored(ids, { jobId });
        const stored = new Map(ids.map((id, i) => [id, plants[i]!]));
        const current = new Map(ids.map((id) => [id, stored.get(id)?.plant ?? null]));
        const rhythms = new Map(ids.map((id) => [id, stored.get(id)?.rhythms ?? {}]));
        const steps = new Map<string, JobStep[]>();
        for (const { plantId, job } of items) {
          const plant = current.get(plantId) ?? null;
          const decision = decide(plantId, plant, job, account.membership, recorded);
          if (!plant) throw new Error('decide must refuse a missing plant');
          if (decision === null) continue;
          const [step, rhythm] = withRhythm(stepOf(plant, decision, now), rhythms.get(plantId)!);
          rhythms.set(plantId, rhythm);
          current.set(plantId, step.plant);
          steps.set(plantId, [...(steps.get(plantId) ?? []), step]);
        }
        // Recorded once already: the plant as it is now, and nothing stored or spent.
        if (steps.size === 0) return { result: ids.map((id) => current.get(id)!) };
        return {
          result: ids.map((id) => current.get(id)!),
          cost: items.length,
          write: (batch) => {
            const receipt = jobId === undefined ? undefined : { jobId, job: items[0]!.job };
            for (const id of ids) store.writeSteps(batch, id, stored.get(id)!, steps.get(id)!, by, now, receipt);
          },
        };
      });
    },

    /**
     * Undoes the latest job of each item (DELETE /mango/:id/care/:task/latest, and for several
     * plants' waterings DELETE /mango/waterings/latest) in one change, all or nothing, one write of
     * the budget per plant: the plant gets back the dates the job's event kept (keepingOf), and the
     * event and its activity record are deleted. Each plant is named once. `decide` gets each plant
     * (null when missing), the event the undo would take back (null when there is none) and the
     * revision of the latest edit of the task's schedule (0: none; always 0 for watering), and throws
     * to refuse them all.
     * @returns the plants as stored afterwards, in the order of `items`
     */
    async undoLatestJobs(
      items: readonly JobItem[],
      uid: string,
      decide: (
        id: string,
        current: Plant | null,
        job: CareJob,
        latest: LatestJobEvent | null,
        editedAt: number,
        membership: () => Membership | null,
      ) => void,
      now = new Date(),
    ): Promise<Plant[]> {
      const ids = items.map((item) => item.plantId);
      if (new Set(ids).size !== ids.length) throw new Error('undoLatestJobs takes each plant once');
      return accounts.write(uid, now, async (account) => {
        const { plants: stored } = await store.readStored(ids);
        // Every event is written with a change of the plant, so the plant's precondition keeps
        // these the latest until the commit.
        const latest = await Promise.all(
          items.map(async ({ plantId, job }, i) =>
            stored[i] ? (await store.listEvents(plantId, 1, keepingOf(job).task))[0] : undefined,
          ),
        );
        const undos = items.map(({ plantId, job }, i) => {
          const plant = stored[i];
          const event = latest[i]?.data;
          const editedAt = job === 'water' ? 0 : (plant?.careEdits[job] ?? 0);
          decide(
            plantId,
            plant?.plant ?? null,
            job,
            event ? latestJobEvent(event) : null,
            editedAt,
            account.membership,
          );
          if (!plant || !event) throw new Error('decide must refuse when there is nothing to undo');
          const undone = keepingOf(job).undone(plant.plant, event);
          const rhythm = rhythmAfterEvent(plant.rhythms, event, true);
          const after: SharablePlant = { ...undone.plant, updatedAt: now.toISOString(), ...(rhythm ? { rhythm } : {}) };
          return { fields: rhythm ? { ...undone.fields, rhythm } : undone.fields, plant: after, event: latest[i]! };
        });
        return {
          result: undos.map((undo) => undo.plant),
          cost: items.length,
          write: (batch) =>
            undos.forEach(({ plant, fields, event }, i) =>
              store.writeUndo(batch, ids[i]!, stored[i]!, { fields, plant }, event, now),
            ),
        };
      });
    },

    /**
     * Adds a dated note to the plant's history, in one change (the plant's revision moves on, which
     * orders the note among the other events; the plant itself, and its updatedAt, stay as they
     * were). `decide` gets the plant (null when missing) and whether the photo named exists under
     * it, and may throw to refuse.
     * @returns the note as GET /mango/:id/events answers it
     */
    async addNote(
      id: string,
      by: Actor,
      photoId: string | undefined,
      decide: (current: Plant | null, photoFound: boolean, membership: () => Membership | null) => NoteDecision,
      now = new Date(),
    ): Promise<PlantEvent> {
      return changePlant(id, by.uid, now, async (stored, account) => {
        const photoFound = stored && photoId ? await photoExists(id, photoId) : false;
        const note = decide(stored?.plant ?? null, photoFound, account.membership);
        if (!stored) throw new Error('decide must refuse a missing plant');
        const noteId = store.newEventId(id);
        const fields = {
          type: 'note',
          date: note.date,
          text: note.text,
          ...(note.photoId ? { photoId: note.photoId } : {}),
          by,
          lastWateredDate: stored.plant.lastWateredDate ?? null,
          nextWateringDate: stored.plant.nextWateringDate ?? null,
        };
        return {
          result: { _id: noteId, at: now.toISOString(), ...fields },
          write: (batch, revision) => store.writeEvent(batch, id, stored, revision, noteId, { ...fields, at: now }),
        };
      });
    },

    /**
     * Deletes a note of the plant's history, in one change. `decide` gets the plant (null when
     * missing) and whether the plant has a note with that id, and may throw to refuse.
     */
    async deleteNote(
      id: string,
      uid: string,
      noteId: string,
      decide: (current: Plant | null, found: boolean, membership: () => Membership | null) => void,
      now = new Date(),
    ): Promise<void> {
      await changePlant(id, uid, now, async (stored, account) => {
        const note = stored ? await store.getEvent(id, noteId) : null;
        decide(stored?.plant ?? null, note?.data.type === 'note', account.membership);
        if (!stored || !note) throw new Error('decide must refuse a missing note');
        return {
          result: undefined,
          write: (batch, revision) => store.writeEvent(batch, id, stored, revision, noteId, null),
        };
      });
    },
  };
}

export type CareRepository = ReturnType<typeof createCareRepository>;
