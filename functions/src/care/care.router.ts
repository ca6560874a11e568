import { Router, type Request, type Response } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { z } from 'zod';
import { sendJson } from '../lib/http-cache';
import type { Viewer } from '../lib/viewer';
import { authenticate, requireSignedIn, requireViewer } from '../middleware/authenticate';
import { jsonBody } from '../middleware/json-body';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { parseInput } from '../middleware/validate';
import { CheckInInputSchema, SnoozeInputSchema } from '../model/reminders';
import { SuggestionAnswerSchema } from '../model/rhythm';
import {
  CARE_JOB_INPUT_SCHEMAS,
  CareBatchInputSchema,
  NoteInputSchema,
  UndoWateringBatchInputSchema,
  WateringBatchInputSchema,
  type CareJob,
  type Plant,
} from '../model';
import { careJobOf, type CareService } from './care.service';

/** A request on one plant's care schedule: /:id/care/:task and the watering's own paths. */
type CareRequest = Request<{ id: string; task?: string }>;

/**
 * Care under /mango: jobs on one plant or several (/care, /waterings) and their undo, snoozes, and
 * a plant's journal (notes, events). Mounted before the plant store's /:id, which would otherwise
 * take "care" and "waterings" for a plant id. Every answer is private.
 */
export function createCareRouter(care: CareService, auth: () => Auth): Router {
  const router = Router();
  router.use(authenticate(auth));

  // A job on one plant's care schedule, and its undo: every answer is private.
  const doJob = (jobOf: (req: CareRequest) => CareJob) => async (req: CareRequest, res: Response) => {
    const job = jobOf(req);
    const input = parseInput(CARE_JOB_INPUT_SCHEMAS[job], req.body);
    sendJson(res, await care.doCareJob(requireViewer(res), req.params.id, job, input), 'private');
  };
  const undoJob = (jobOf: (req: CareRequest) => CareJob) => async (req: CareRequest, res: Response) => {
    sendJson(res, await care.undoLatestCareJob(requireViewer(res), req.params.id, jobOf(req)), 'private');
  };

  // Several jobs (waterings and care tasks) at once: the one way jobs are done (private).
  router
    .route('/care')
    .post(requireSignedIn, jsonBody('the care jobs'), async (req, res) => {
      const input = parseInput(CareBatchInputSchema, req.body);
      sendJson(res, { plants: await care.doCareJobs(requireViewer(res), input) }, 'private');
    })
    .all(methodNotAllowed('POST'));

  // "Water all due" is POST /care with every plant's `water`, its future date called a watering's.
  router
    .route('/waterings')
    .post(requireSignedIn, jsonBody('the waterings'), async (req, res) => {
      const { plantIds, date } = parseInput(WateringBatchInputSchema, req.body);
      const input = { items: waterings(plantIds), date };
      sendJson(res, { plants: await care.doCareJobs(requireViewer(res), input, 'watering') }, 'private');
    })
    .all(methodNotAllowed('POST'));

  // Its undo: each plant's DELETE /:id/care/water/latest, in one change.
  router
    .route('/waterings/latest')
    .delete(requireSignedIn, jsonBody('the waterings to undo'), async (req, res) => {
      const { plantIds } = parseInput(UndoWateringBatchInputSchema, req.body);
      sendJson(res, { plants: await care.undoLatestCareJobs(requireViewer(res), waterings(plantIds)) }, 'private');
    })
    .all(methodNotAllowed('DELETE'));

  // A job done by its task's name, and its undo. An unknown task is a path that names nothing: 404.
  router
    .route('/:id/care/:task')
    .post(requireSignedIn, jsonBody('the care job'), doJob(taskOfPath))
    .all(methodNotAllowed('POST'));

  router.route('/:id/care/:task/latest').delete(requireSignedIn, undoJob(taskOfPath)).all(methodNotAllowed('DELETE'));

  // A job moved later without doing it (its undo is the job's): snoozed, or checked and found not
  // needed yet ("Checked: soil still moist"); and "Use every N days" or "Keep" answered to what the
  // plant's rhythm suggests for it.
  const jobAnswer =
    <S extends z.ZodType>(
      schema: S,
      answer: (viewer: Viewer, id: string, job: CareJob, input: z.output<S>) => Promise<Plant>,
    ) =>
    async (req: CareRequest, res: Response) => {
      const input = parseInput(schema, req.body);
      sendJson(res, await answer(requireViewer(res), req.params.id, taskOfPath(req), input), 'private');
    };
  const answers = [
    ['snooze', 'the snooze', jobAnswer(SnoozeInputSchema, care.snooze)],
    ['check', 'the check-in', jobAnswer(CheckInInputSchema, care.checkIn)],
    ['suggestion', 'the answer to the suggestion', jobAnswer(SuggestionAnswerSchema, care.answerSuggestion)],
  ] as const;
  for (const [path, what, answer] of answers)
    router.route(`/:id/care/:task/${path}`).post(requireSignedIn, jsonBody(what), answer).all(methodNotAllowed('POST'));

  // The watering's own paths, the same as POST /:id/care/water and its undo.
  router
    .route('/:id/waterings')
    .post(requireSignedIn, jsonBody('the watering'), doJob(water))
    .all(methodNotAllowed('POST'));

  router.route('/:id/waterings/latest').delete(requireSignedIn, undoJob(water)).all(methodNotAllowed('DELETE'));

  // The plant's journal: notes in its history.
  router
    .route('/:id/notes')
    .post(requireSignedIn, jsonBody('the note'), async (req, res) => {
      const input = parseInput(NoteInputSchema, req.body);
      const note = await care.addNote(requireViewer(res), req.params.id, input);
      res.location(`${req.baseUrl}/${req.params.id}/notes/${note._id}`);
      sendJson(res, note, 'private', 201);
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/:id/notes/:noteId')
    .delete(requireSignedIn, async (req, res) => {
      const deletedCount = await care.deleteNote(requireViewer(res), req.params.id, req.params.noteId);
      sendJson(res, { deletedCount }, 'private');
    })
    .all(methodNotAllowed('DELETE'));

  router
    .route('/:id/events')
    .get(requireSignedIn, async (req, res) => {
      sendJson(res, await care.listEvents(requireViewer(res), req.params.id), 'private');
    })
    .all(methodNotAllowed('GET, HEAD'));

  return router;
}

/** The jobs of watering each of these plants. */
const waterings = (plantIds: readonly string[]) => plantIds.map((plantId) => ({ plantId, task: 'water' as const }));

/** The job a path names: its task (careJobOf), or watering on the watering's own paths. */
const taskOfPath = (req: CareRequest) => careJobOf(req.params.task ?? '');
const water = (): CareJob => 'water';
