import { latestWateringDate, type FollowedSeason, type Plant, type SeasonContext } from '../model';
import { localDate } from '../model/reminders';
import { speciesCatalogue, type SpeciesCatalogue } from '../species/species.catalogue';
import type { PlantChanges, PlantsRepository } from './plants.repository';
import { followingSpecies } from './watering-follows';

/** Plants read at a time by a run. */
const PAGE = 200;

/**
 * What a plant that follows its species waters by once its season has changed on `today` (the
 * owner's): the new season's interval, the next date counted from the last watering, and the
 * season after; its own frequency again when the catalogue no longer has its species.
 */
function seasonTurned(plant: Plant, catalogue: SpeciesCatalogue, context: SeasonContext, today: string): PlantChanges {
  const species = plant.speciesId ? catalogue.get(plant.speciesId) : undefined;
  if (!species) return { wateringFollows: 'own', wateringSeason: undefined };
  return followingSpecies(species, { lastWateredDate: plant.lastWateredDate }, context, today);
}

/**
 * The change of seasons: every plant whose watering follows its species is turned to the new
 * season on the day it begins in its owner's time zone (their reminder settings). Run by a
 * scheduled function every hour (index.ts; once a minute locally); a run finds the plants by the
 * day their season changes (an indexed query), so a run with nothing due reads nothing.
 */
export function createPlantSeasonsService(
  repository: () => PlantsRepository,
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
      let turned = 0;
      let after: string | undefined;
      // On or before the furthest time zone's today; each plant's owner's own today decides.
      for (;;) {
        const page = await repository().seasonsDue(latestWateringDate(now), PAGE, after);
        for (const { id, stored } of page) {
          const { plant } = stored;
          const season = plant.wateringSeason as FollowedSeason;
          const context = await contextOf(plant.ownerUid ?? '');
          const today = localDate(now, context.timeZone);
          if (season.changesOn > today) continue;
          if (await repository().turnSeason(id, stored, seasonTurned(plant, catalogue, context, today), now)) turned++;
        }
        if (page.length < PAGE) return turned;
        after = page.at(-1)!.id;
      }
    },
  };
}
