import type { Plant } from '../model';
import type { ListOptions, PlantsRepository } from './plants.repository';

/** Who is asking: a verified Firebase user, or nobody. */
export interface Viewer {
  uid: string;
  email?: string;
  name?: string;
}

/** Owner-only fields leave the server only for the owner. */
export function forViewer(plant: Plant, viewer: Viewer | null): Plant {
  if (viewer && plant.ownerUid === viewer.uid) return plant;
  const { userEmail: _email, ownerUid: _uid, ...publicPlant } = plant;
  return publicPlant;
}

export function createPlantsService(repository: () => PlantsRepository) {
  return {
    async listPlants(viewer: Viewer | null, options: ListOptions): Promise<Plant[]> {
      const plants = await repository().listPlants(options);
      return plants.map((plant) => forViewer(plant, viewer));
    },
  };
}

export type PlantsService = ReturnType<typeof createPlantsService>;
