import { Router, type Request, type Response } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { z } from 'zod';
import { sendJson } from '../lib/http-cache';
import type { Viewer } from '../lib/viewer';
import { authenticate, requireSignedIn, requireViewer } from '../middleware/authenticate';
import { jsonBody } from '../middleware/json-body';
import { notFound } from '../middleware/error-handler';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { parseInput } from '../middleware/validate';
import { CheckInInputSchema, SnoozeInputSchema } from '../model/reminders';
import { SuggestionAnswerSchema } from '../model/rhythm';
import {
  CARE_JOB_INPUT_SCHEMAS,
  CareBatchInputSchema,
  NoteInputSchema,
  UndoWateringBatchInputSchema,
  type CareJob,
  type Plant,
} from '../model';
import { careJobOf, type CareService } from './care.service';

/** A request on one plant's care schedule: /:id/care/:task and what is under it. */
type CareRequest = Request<{ id: string; task?: string }>;

/**
 * Care under /mango: jobs on one plant or several (/care) and their undo (with /waterings/latest,
 * Do all due's undo of its waterings), snoozes, and a plant's journal (notes, events). Mounted
 * before the plant store's /:id, which would otherwise take "care" and "waterings" for a plant id.
 * Every answer is private.
 */
export function createCareRouter(care: CareService, auth: () => Auth): Router {
  const router = Router();
  router.use(authenticate(auth));

  // A job on one plant's care schedule, and its undo: every answer is private.
  const doJob = async (req: CareRequest, res: Response) => {
    const job = taskOfPath(req);
    const input = parseInput(CARE_JOB_INPUT_SCHEMAS[job], req.body);
    sendJson(res, await care.doCareJob(requireViewer(res), req.params.id, job, input), 'private');
  };
  const undoJob = async (req: CareRequest, res: Response) => {
    sendJson(res, await care.undoLatestCareJob(requireViewer(res), req.params.id, taskOfPath(req)), 'private');
  };

  // Several jobs (waterings and care tasks) at once: the one way jobs are done (private).
  router
    .route('/care')
    .post(requireSignedIn, jsonBody('the care jobs'), async (req, res) => {
      const input = parseInput(CareBatchInputSchema, req.body);
      sendJson(res, { plants: await care.doCareJobs(requireViewer(res), input) }, 'private');
    })
    .all(methodNotAllowed('POST'));

  // Do all due's undo of its waterings: each plant's DELETE /:id/care/water/latest, in one change.
  router
    .route('/waterings/latest')
    .delete(requireSignedIn, jsonBody('the waterings to undo'), async (req, res) => {
      const { plantIds } = parseInput(UndoWateringBatchInputSchema, req.body);
      sendJson(res, { plants: await care.undoLatestCareJobs(requireViewer(res), waterings(plantIds)) }, 'private');
    })
    .all(methodNotAllowed('DELETE'));

  // A job done by its task's name, and its undo. An unknown task is a path that names nothing: 404.
  router.route('/:id/care/:task').post(requireSignedIn, jsonBody('the care job'), doJob).all(methodNotAllowed('POST'));

  router.route('/:id/care/:task/latest').delete(requireSignedIn, undoJob).all(methodNotAllowed('DELETE'));

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

  // Retired on 2026-12-02 (docs/api.md, "Changes"): the watering's own paths and "Water all due",
  // which the web app no longer called (it does every job through /care). They answer as any path
  // that names nothing; /waterings is held here so that the plant store's /:id does not take it.
  for (const path of RETIRED_PATHS) router.all(path, notFound);

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

/** The paths of the retired watering routes (POST /waterings, POST /:id/waterings, DELETE /:id/waterings/latest). */
const RETIRED_PATHS = ['/waterings', '/:id/waterings', '/:id/waterings/latest'];

/** The jobs of watering each of these plants. */
const waterings = (plantIds: readonly string[]) => plantIds.map((plantId) => ({ plantId, task: 'water' as const }));

/** The job a path names: its task (careJobOf). */
const taskOfPath = (req: CareRequest) => careJobOf(req.params.task ?? '');
