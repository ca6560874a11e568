import pLimit from 'p-limit';
import { log } from '../lib/log';
import { latestWateringDate, type FollowedSeason, type Plant, type SeasonContext, type Species } from '../model';
import { localDate } from '../model/reminders';
import { speciesCatalogue, type SpeciesCatalogue } from '../species/species.catalogue';
import type { PlantChanges, PlantsRepository, SeasonsCursor } from './plants.repository';
import { followingSpecies } from './watering-follows';

/** Plants read at a time by a run. */
const PAGE = 200;
/** Plants of a page turned side by side: each is a commit of its own. */
const TURNS_AT_ONCE = 10;
/** The most plant ids one log line names. */
const LOGGED_IDS = 20;

/**
 * What a plant that follows `species` waters by once its season has changed on `today` (the
 * owner's): the new season's interval, the next date counted from the last watering, and the
 * season after.
 */
function seasonTurned(plant: Plant, species: Species, context: SeasonContext, today: string): PlantChanges {
  return followingSpecies(species, { lastWateredDate: plant.lastWateredDate }, context, today);
}

/**
 * The change of seasons: every plant whose watering follows its species is turned to the new
 * season on the day it begins in its owner's time zone (their reminder settings). Run by a
 * scheduled function every hour (index.ts; once a minute locally); a run finds the plants by the
 * day their season changes (an indexed query), so a run with nothing due reads nothing, and turns
 * them all, a page after another. A plant whose species the catalogue no longer has is left as it
 * is (there is no season to turn it to) and said in the log, so one such plant never stops a run.
 */
export function createPlantSeasonsService(
  repository: () => Pick<PlantsRepository, 'seasonsDue' | 'turnSeason'>,
  seasonContextOf: (uid: string) => Promise<SeasonContext>,
  clock: () => Date = () => new Date(),
  catalogue: SpeciesCatalogue = speciesCatalogue(),
) {
  return {
    /** @returns how many plants were turned to their new season */
    async turnSeasons(): Promise<number> {
      const now = clock();
      const contexts = new Map<string, Promise<SeasonContext>>();
      const contextOf = (uid: string) => {
        if (!contexts.has(uid)) contexts.set(uid, seasonContextOf(uid));
        return contexts.get(uid)!;
      };
      const turning = pLimit(TURNS_AT_ONCE);
      let turned = 0;
      const unknown: { id: string; speciesId: string | null }[] = [];
      let after: SeasonsCursor | undefined;
      for (;;) {
        // On or before the furthest time zone's today; each plant's owner's own today decides.
        const { plants, next } = await repository().seasonsDue(latestWateringDate(now), PAGE, after);
        await Promise.all(
          plants.map(({ id, stored }) =>
            turning(async () => {
              const { plant } = stored;
              const season = plant.wateringSeason as FollowedSeason;
              const context = await contextOf(plant.ownerUid ?? '');
              const today = localDate(now, context.timeZone);
              if (season.changesOn > today) return;
              const species = plant.speciesId ? catalogue.get(plant.speciesId) : null;
              if (!species) {
                unknown.push({ id, speciesId: plant.speciesId ?? null });
                return;
              }
              if (await repository().turnSeason(id, stored, seasonTurned(plant, species, context, today), now))
                turned++;
            }),
          ),
        );
        if (!next) break;
        after = next;
      }
      if (unknown.length)
        log.warn('Plants follow a species the catalogue no longer has: their season was not turned.', {
          plants: unknown.length,
          speciesIds: [...new Set(unknown.map((each) => each.speciesId))].slice(0, LOGGED_IDS),
          plantIds: unknown.slice(0, LOGGED_IDS).map((each) => each.id),
        });
      return turned;
    },
  };
}
