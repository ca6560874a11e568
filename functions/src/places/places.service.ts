import { requirePlaceKeeper, type Membership, type MembershipReader } from '../access/household-access';
import { HttpError } from '../lib/http-error';
import { errorFields, log } from '../lib/log';
import type { TaskQueues } from '../lib/task-queue';
import { actorOf, type Viewer } from '../lib/viewer';
import {
  isPlausiblePlaceId,
  type CreatePlaceInput,
  type ListPlacesQuery,
  type Place,
  type PlaceDeleted,
  type PlaceOrderInput,
  type UpdatePlaceInput,
  type WalkPlace,
} from '../model';
import { noSuchPlace, type EmptyPlaceTask, type PlacesRepository } from './places.repository';

const HOUR_MS = 60 * 60_000;

const queueUnavailable = () =>
  new HttpError(
    503,
    'unavailable',
    'This place holds more plants than one change can move, and the queue that moves them is not answering. Nothing was changed: please try again in a minute.',
  );

/**
 * The rules of places (model/places.ts): whose they are, who may change them (household-access.ts
 * decides: a shared place is its household's owner's and members'), and the task that moves a
 * deleted place's plants out when there are more than one commit takes.
 */
export function createPlacesService(
  repository: () => PlacesRepository,
  clock: () => Date,
  membershipOf: MembershipReader,
  tasks: TaskQueues,
) {
  /** Changing or deleting a shared place: the household's owner and members (403 for a sitter); a person's own place is theirs. */
  const mayChange =
    (doing: string, now: Date) => (place: { household: string | null }, membership: Membership | null) => {
      if (place.household !== null) requirePlaceKeeper(membership, now, doing);
    };

  /** Queues the task that empties a place; one task a place and hour (a delete asked again queues it again after that). */
  async function queueEmptying(task: EmptyPlaceTask, now: Date): Promise<void> {
    try {
      await tasks.enqueue(
        'emptyPlace',
        { ...task },
        { id: `empty-${task.placeId}-${Math.floor(now.getTime() / HOUR_MS)}` },
      );
    } catch (error) {
      log.error('Could not queue the emptying of a deleted place; the delete was refused.', {
        placeId: task.placeId,
        error: errorFields(error),
      });
      throw queueUnavailable();
    }
  }

  return {
    /**
     * GET /mango/places: the caller's membership (1 read), their books (1 or 2, one getAll), and
     * with `plantCount` a count() per place; without it, no count().
     */
    async listPlaces(viewer: Viewer, { plantCount }: ListPlacesQuery): Promise<Place[] | WalkPlace[]> {
      const now = clock();
      const membership = await membershipOf(viewer.uid);
      return plantCount
        ? repository().listPlaces(viewer.uid, membership, now)
        : repository().listWalk(viewer.uid, membership, now);
    },

    /** POST /mango/places: the caller's own, or with `shared` their household's (its owner and members only). */
    createPlace(viewer: Viewer, input: CreatePlaceInput): Promise<Place> {
      const now = clock();
      return repository().createPlace(viewer.uid, input, now, (membership) =>
        requirePlaceKeeper(membership, now, "make the household's shared places"),
      );
    },

    /** PUT /mango/places/:id: its name, light and outdoor. */
    updatePlace(viewer: Viewer, id: string, input: UpdatePlaceInput): Promise<Place> {
      if (!isPlausiblePlaceId(id)) throw noSuchPlace();
      const now = clock();
      return repository().updatePlace(
        viewer.uid,
        id,
        input,
        now,
        mayChange("change the household's shared places", now),
      );
    },

    /** PUT /mango/places/order: the caller's walk. */
    orderPlaces(viewer: Viewer, input: PlaceOrderInput): Promise<Place[]> {
      return repository().orderPlaces(viewer.uid, input.ids, clock());
    },

    /** DELETE /mango/places/:id: its plants move out with it (or, past one commit, by the task queue). */
    deletePlace(viewer: Viewer, id: string): Promise<PlaceDeleted> {
      if (!isPlausiblePlaceId(id)) throw noSuchPlace();
      const now = clock();
      return repository().deletePlace(
        viewer.uid,
        id,
        actorOf(viewer),
        now,
        mayChange("delete the household's shared places", now),
        (task) => queueEmptying(task, now),
      );
    },

    /** The emptyPlace task's work (jobs.ts). A failure rejects, and Cloud Tasks runs the task again. */
    emptyPlace: (task: EmptyPlaceTask): Promise<number> => repository().emptyPlace(task, clock()),
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
