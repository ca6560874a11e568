import type { Plant } from '../../src/model';

/** A plant as the API answers it to its owner, for the unit tests of the services beside the code (src). */
export const jade: Plant = {
  _id: 'p1',
  plantName: 'Jade',
  category: 'succulent',
  careLevel: 'easy',
  healthStatus: 'Healthy',
  wateringFrequency: 'Weekly',
  lastWateredDate: '2026-03-01',
  nextWateringDate: '2026-03-08',
  description: 'Sunny sill.',
  image: '/images/plants/jade-plant.webp',
  userName: 'Owner',
  userEmail: 'owner@example.test',
  ownerUid: 'owner-uid',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};
