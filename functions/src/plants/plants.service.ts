import { assertRoomFor } from '../accounts/write-budget';
import { DEFAULT_LIMITS, type AccountLimits } from '../config/limits';
import {
  assertMayOnPlant,
  assertMayStandIn,
  decideSharing,
  householdMay,
  isSharedByOwner,
  notSharable,
  plantNotFound,
  plantStanding,
  sharingMembership,
  type Caller,
  type Membership,
  type SharablePlant,
  type MembershipReader,
} from '../access/household-access';
import type { PlaceLookup, PlaceSession, PlacesReader } from '../places/place-books.repository';
import { speciesCatalogue, type SpeciesCatalogue } from '../species/species.catalogue';
import { HttpError } from '../lib/http-error';
import { actorOf, type Viewer } from '../lib/viewer';
import {
  LIMITS,
  UpdatePlantInputSchema,
  applyCareInput,
  changedCareTasks,
  jobIntervalOf,
  lightFit,
  nextDateOrDefault,
  parseWateringInterval,
  utcToday,
  withNextDates,
  type CreatePlantInput,
  type Plant,
  type SeasonContext,
  type UpdatePlantInput,
  type WateringFollows,
  type UpdatePlantRequest,
} from '../model';
import type { NewPlantRecord, PlantChanges, PlantsRepository } from './plants.repository';
import { isPlausiblePlantId } from './plants.schemas';
import { rhythmsOf, suggestionOf } from '../model/rhythm';
import { followsOf, wateringOnCreate, wateringOnUpdate } from './watering-follows';

export type { Viewer };

/**
 * The fields PUT /mango/:id replaces; an absent optional one (description) is removed. `care` is
 * not one of them: absent, it leaves the schedules as they are (changesBetween).
 */
export const UPDATABLE_FIELDS = Object.keys(UpdatePlantInputSchema.shape) as (keyof UpdatePlantInput)[];

/**
 * A plant as `viewer` may see it: the owner's view (the uid, the care schedules, `shared`) for its
 * owner, and without the owner's email for the people of the household it is shared with; the
 * public view for everyone else. `membership` is the viewer's: needed only for a plant with a share
 * key (needsMembership). With `places` (what the view read of the viewer's places: PlacesReader),
 * the owner's view also says where the plant stands and whether its light suits it; the public view
 * never does. The share key and the stored place never leave the server as they are.
 */
export function forViewer(
  plant: SharablePlant,
  viewer: Viewer | null,
  membership: Membership | null = null,
  now = new Date(),
  places?: PlaceLookup,
): Plant {
  const { shareKey: _key, rhythm, placeId: _placeId, placeHousehold: _household, ...stored } = plant;
  if (viewer) {
    const standing = plantStanding(plant, { uid: viewer.uid, membership: () => membership }, now);
    const suggested = () => ownersView(stored, rhythm, now);
    const where = () => (places ? whereItStands(plant, places) : {});
    if (standing.as === 'owner') return { ...suggested(), shared: isSharedByOwner(plant, membership), ...where() };
    if (standing.as === 'household' && !standing.lapsed) {
      const may = householdMay(standing.role);
      const { userEmail: _email, ...ownersView } = may.includes('edit') ? suggested() : stored;
      return { ...ownersView, shared: true, may, ...where() };
    }
  }
  const {
    userEmail: _email,
    ownerUid: _uid,
    care: _care,
    wateringFollows: _follows,
    wateringSeason: _season,
    ...publicPlant
  } = stored;
  return publicPlant;
}

const UTC_NORTH: SeasonContext = { hemisphere: 'north', timeZone: 'UTC' };

/** Where a plant stands as the viewer sees it, and whether the place's light suits its species (model/light.ts). */
function whereItStands(plant: SharablePlant, places: PlaceLookup): Pick<Plant, 'place' | 'lightFit'> {
  const seen = places.placeOf(plant);
  const needs = plant.speciesId ? speciesCatalogue().get(plant.speciesId)?.light : null;
  return { place: seen ? { id: seen.id, name: seen.name, light: seen.light } : null, lightFit: lightFit(needs, seen) };
}

/** The reader of a service made without the places room (unit tests): every plant stands nowhere. */
export const noPlaces: PlacesReader = async () => ({ placeOf: () => null });

/**
 * What the owner's view adds to the plant: for a plant with a species, whether its watering follows
 * it (followsOf, also for plants stored before it was asked; a plant without one is its owner's
 * own), and what its rhythm suggests (suggestionOf) on `now`'s day, if anything.
 */
function ownersView(plant: Plant, rhythm: unknown, now: Date): Plant {
  const follows = wateringFollowsOf(plant);
  const viewed = follows ? { ...plant, wateringFollows: follows } : plant;
  const seasonal = follows === 'species';
  const suggestion = suggestionOf(rhythmsOf(rhythm), (job) => jobIntervalOf(plant, job), utcToday(now), seasonal);
  return suggestion ? { ...viewed, suggestion } : viewed;
}

/** Whether a plant's watering follows its species (followsOf); undefined for a plant without one. */
export function wateringFollowsOf(plant: Plant): WateringFollows | undefined {
  const species = plant.speciesId ? speciesCatalogue().get(plant.speciesId) : undefined;
  return species ? followsOf(plant, species) : undefined;
}

/** Whether answering `plants` to `viewer` depends on the viewer's membership: one of them is shared. */
export function needsMembership(plants: readonly SharablePlant[], viewer: Viewer | null): viewer is Viewer {
  return !!viewer && plants.some((plant) => !!plant.shareKey);
}

/** The owner's name shown with their plants: the account's display name, else the email's local part. */
export function ownerNameOf(viewer: Viewer & { email: string }): string {
  const name = viewer.name?.trim() || viewer.email.split('@')[0] || viewer.email;
  return name.slice(0, LIMITS.userName);
}

/** The email that owns a user's plants: the token's; an account without one cannot own plants (403). */
export function ownerEmailOf(viewer: Viewer): string {
  if (!viewer.email)
    throw new HttpError(
      403,
      'email_required',
      'Your account has no email address, so it cannot own plants. Sign in with email or Google.',
    );
  return viewer.email;
}

/**
 * The plant a user's input makes, as the repository stores it: owner fields from the verified token
 * only (the input schema has already dropped any in the body), the interval the server reads in
 * the watering frequency, and a next date for watering and every care task whose interval is
 * understood but whose next date was left out (from the last date, or from `today`).
 */
export function newPlantRecord(
  viewer: Viewer,
  plant: CreatePlantInput,
  today: string,
  context: SeasonContext = UTC_NORTH,
  catalogue: SpeciesCatalogue = speciesCatalogue(),
): NewPlantRecord {
  const email = ownerEmailOf(viewer);
  // Where it stands is decided with the account (plants.service's createPlant: placementOf).
  const { shared: _shared, speciesId, wateringFollows: _follows, placeId: _placeId, ...input } = plant;
  const species = speciesId ? (catalogue.get(speciesId) ?? null) : null;
  const wateringIntervalDays = parseWateringInterval(input.wateringFrequency);
  const nextWateringDate = nextDateOrDefault(
    { lastDate: input.lastWateredDate, nextDate: input.nextWateringDate },
    wateringIntervalDays,
    today,
  );
  return {
    ...input,
    ...(nextWateringDate ? { nextWateringDate } : {}),
    ...(input.care ? { care: withNextDates(input.care, today) } : {}),
    ...definedOnly(speciesFieldsOf(speciesId, catalogue)),
    wateringIntervalDays,
    // Following the species' seasons replaces the watering's frequency, interval and next date.
    ...definedOnly(wateringOnCreate(plant, species, context, today)),
    userEmail: email,
    userName: ownerNameOf({ ...viewer, email }),
    ownerUid: viewer.uid,
  };
}

/**
 * What an update would change on the stored plant; empty when the input matches it. A new
 * watering frequency brings the interval the server reads in it; a care task whose interval is
 * understood gets a next date when it has none (as on creation).
 */
export function changesBetween(
  current: Plant,
  input: UpdatePlantRequest,
  today: string,
  catalogue: SpeciesCatalogue = speciesCatalogue(),
): PlantChanges {
  const changes: PlantChanges = {};
  if (input.speciesId !== undefined && (input.speciesId ?? undefined) !== current.speciesId)
    Object.assign(changes, speciesFieldsOf(input.speciesId, catalogue));
  for (const field of UPDATABLE_FIELDS) {
    if (current[field] !== input[field]) changes[field] = input[field];
  }
  if (changes.wateringFrequency !== undefined) {
    const interval = parseWateringInterval(changes.wateringFrequency);
    if (interval !== (current.wateringIntervalDays ?? null)) changes.wateringIntervalDays = interval;
  }
  if (input.care !== undefined) {
    const care = withNextDates(applyCareInput(current.care, input.care), today);
    if (changedCareTasks(current.care, care).length) changes.care = care;
  }
  return changes;
}

type SpeciesFields = Pick<PlantChanges, 'speciesId' | 'toxicToCats' | 'toxicToDogs'>;

/**
 * What a plant keeps of its species: the id, and whether it harms a cat or a dog as the catalogue
 * says, so that All Plants can filter on them (what the catalogue does not know is left out, and a
 * plant without it is never called safe). No species: all three go. An unknown id is a 400.
 */
export function speciesFieldsOf(id: string | null | undefined, catalogue: SpeciesCatalogue): SpeciesFields {
  if (!id) return { speciesId: undefined, toxicToCats: undefined, toxicToDogs: undefined };
  const species = catalogue.get(id);
  if (!species) {
    const message = `There is no species "${id}" in the catalogue: pick one from the species search.`;
    throw new HttpError(400, 'invalid_input', message, { speciesId: message });
  }
  return {
    speciesId: id,
    toxicToCats: species.toxicToCats ?? undefined,
    toxicToDogs: species.toxicToDogs ?? undefined,
  };
}

const definedOnly = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

export function assertPlausibleId(id: string): void {
  if (!isPlausiblePlantId(id)) throw plantNotFound();
}

type Placement = Pick<PlantChanges, 'placeId' | 'placeHousehold'>;

/**
 * Where `placeId` puts a plant (null: out of its place) for `caller`, by the one rule of what may
 * stand where (assertMayStandIn): the fields to store. `plant` is as it will be stored (its owner,
 * its share key after the change). 400 naming placeId for a place that is not one of the caller's.
 */
async function placementOf(
  plant: Pick<SharablePlant, 'ownerUid' | 'shareKey'>,
  placeId: string | null,
  caller: Caller,
  places: PlaceSession,
  now: Date,
): Promise<Placement> {
  if (placeId === null) return { placeId: undefined, placeHousehold: undefined };
  const place = await places.use(placeId);
  if (!place) {
    const message = 'There is no such place among yours or your household’s: it may have been deleted.';
    throw new HttpError(400, 'invalid_input', message, { placeId: message });
  }
  assertMayStandIn(plant, place, caller, now);
  return { placeId, placeHousehold: place.household ?? undefined };
}

/**
 * Where an update leaves a plant: where `placeId` puts it (checked again when the plant's sharing
 * changes with it); out of a household's shared place when the plant stops being shared with that
 * household; else where it is (nothing).
 */
async function placementOnUpdate(
  current: SharablePlant,
  placeId: string | null | undefined,
  sharing: { shareKey?: string | undefined },
  caller: Caller,
  places: PlaceSession,
  now: Date,
): Promise<Placement> {
  const sharingChanges = 'shareKey' in sharing;
  const shareKey = sharingChanges ? sharing.shareKey : current.shareKey;
  const here = { placeId: current.placeId ?? undefined, placeHousehold: current.placeHousehold ?? undefined };
  let next: Placement = here;
  if (placeId !== undefined && (placeId !== (here.placeId ?? null) || sharingChanges))
    next = await placementOf({ ownerUid: current.ownerUid, shareKey }, placeId, caller, places, now);
  else if (sharingChanges && here.placeHousehold) {
    const household = sharingMembership(caller.membership(), now)?.householdId;
    if (!shareKey || household !== here.placeHousehold) next = { placeId: undefined, placeHousehold: undefined };
  }
  return next.placeId === here.placeId && next.placeHousehold === here.placeHousehold ? {} : next;
}

/**
 * The rules of the plant store: a plant read, created, changed and deleted. Anonymous callers are
 * `null`; routes that need a user pass a Viewer (authentication itself is middleware/authenticate.ts).
 */
export function createPlantsService(
  repository: () => PlantsRepository,
  clock: () => Date = () => new Date(),
  limits: () => AccountLimits = () => DEFAULT_LIMITS,
  membershipOf: MembershipReader = async () => null,
  /** After a plant's delete: its care history and photos are deleted after it (plant-purge.service.ts). */
  queuePurge: (plantId: string) => Promise<void> = async () => {},
  /** Where an owner's seasons are counted (their reminder settings): a plant that follows its species waters by them. */
  seasonContextOf: (uid: string) => Promise<SeasonContext> = async () => UTC_NORTH,
  /** What a view reads to say where its plants stand (the places room's books). */
  placesOf: PlacesReader = noPlaces,
  catalogue: SpeciesCatalogue = speciesCatalogue(),
) {
  const speciesOf = (id: string | null | undefined) => (id ? (catalogue.get(id) ?? null) : null);
  return {
    /**
     * GET /mango/:id: the plant and, when it is shared, the viewer's membership; for a signed-in
     * viewer and a plant in a place, the book of that place: at most three reads.
     */
    async getPlant(viewer: Viewer | null, id: string): Promise<Plant> {
      assertPlausibleId(id);
      const plant = await repository().getPlant(id);
      if (!plant) throw plantNotFound();
      const now = clock();
      const membership = needsMembership([plant], viewer) ? await membershipOf(viewer.uid) : null;
      const places = viewer ? await placesOf(viewer, [plant], membership, now) : undefined;
      return forViewer(plant, viewer, membership, now, places);
    },

    /** POST /mango: shared with the caller's household unless `shared` says otherwise; in `placeId`'s place if given. */
    async createPlant(viewer: Viewer, input: CreatePlantInput): Promise<string> {
      const now = clock();
      const { shared, placeId } = input;
      const today = utcToday(now);
      const species = speciesOf(input.speciesId);
      const context = species ? await seasonContextOf(viewer.uid) : UTC_NORTH;
      const record = newPlantRecord(viewer, input, today, context, catalogue);
      return repository().createPlant(record, now, async (account, places) => {
        assertRoomFor(1, account.plantCount, limits());
        const membership = sharingMembership(account.membership(), now);
        if (shared === true && !membership) throw notSharable();
        const sharing = (shared ?? true) && membership ? { shareKey: membership.shareKey } : {};
        if (!placeId) return sharing;
        const caller = { uid: viewer.uid, membership: account.membership };
        const placing = await placementOf({ ownerUid: viewer.uid, ...sharing }, placeId, caller, places, now);
        return { ...sharing, ...placing };
      });
    },

    /** @returns modifiedCount: 1 when something was stored, 0 when the input matched the plant */
    async updatePlant(viewer: Viewer, id: string, input: UpdatePlantRequest): Promise<0 | 1> {
      assertPlausibleId(id);
      const now = clock();
      const today = utcToday(now);
      const written = await repository().updatePlant(
        id,
        actorOf(viewer),
        async (current, membership, places) => {
          const caller = { uid: viewer.uid, membership };
          assertMayOnPlant(current, caller, 'edit', now);
          const sharing = input.shared === undefined ? {} : decideSharing(current, input.shared, caller, now);
          const placing = await placementOnUpdate(current, input.placeId, sharing, caller, places, now);
          // The owner's seasons, read only for a plant that keeps or gets a species.
          const speciesId = input.speciesId === undefined ? current.speciesId : input.speciesId;
          const context = speciesId ? await seasonContextOf(current.ownerUid ?? viewer.uid) : null;
          const watering = wateringOnUpdate(current, input, speciesOf, context, today);
          return { ...changesBetween(current, input, today, catalogue), ...watering, ...sharing, ...placing };
        },
        now,
      );
      return written ? 1 : 0;
    },

    /**
     * Deletes the plant at once (the next read is a 404), then queues the deletion of its care
     * history and photos. @returns deletedCount, always 1: anything else is an error
     */
    async deletePlant(viewer: Viewer, id: string): Promise<1> {
      assertPlausibleId(id);
      const now = clock();
      await repository().deletePlant(
        id,
        viewer.uid,
        (current, membership) => assertMayOnPlant(current, { uid: viewer.uid, membership }, 'delete', now),
        now,
      );
      await queuePurge(id);
      return 1;
    },
  };
}

export type PlantsService = ReturnType<typeof createPlantsService>;
