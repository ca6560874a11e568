// The one way every suite makes its plants: bodies as the app's form sends them, and plants added
// through the API as a signed-in browser adds them. The API tests send these bodies to createApp();
// the browser tests and the launcher's tests send them through Hosting.
import { randomUUID } from 'node:crypto';
import { APP_URL, signIn } from './test-users.mjs';

/**
 * What the add form may send; `speciesId` is one of the catalogue's (GET /mango/species), from
 * which the server takes the plant's pet safety, and `care` the schedules beside watering.
 * @typedef {{
 *   plantName: string, category: string, careLevel?: string, healthStatus?: string, wateringFrequency?: string,
 *   lastWateredDate?: string, nextWateringDate?: string, description?: string, image?: string, speciesId?: string,
 *   care?: Partial<Record<'fertilize' | 'repot' | 'prune' | 'mist', { frequency?: string, lastDate?: string, nextDate?: string }>>,
 * }} NewPlant
 */

/**
 * A complete, valid plant as the add form sends it.
 * @param {Record<string, unknown>} [overrides]
 * @returns {Record<string, unknown>}
 */
export const aPlant = (overrides = {}) => ({
  plantName: 'Test Fern',
  category: 'fern',
  careLevel: 'moderate',
  wateringFrequency: 'Every 2 days',
  healthStatus: 'Healthy',
  lastWateredDate: '2026-03-01',
  nextWateringDate: '2026-03-03',
  image: 'https://example.com/fern.jpg',
  description: 'A fern for the tests.',
  ...overrides,
});

/**
 * A complete, valid PUT body (the fields of the update form).
 * @param {Record<string, unknown>} [overrides]
 * @returns {Record<string, unknown>}
 */
export const anUpdate = (overrides = {}) => ({
  plantName: 'Renamed Fern',
  category: 'bonsai',
  careLevel: 'difficult',
  wateringFrequency: 'Daily',
  healthStatus: 'Needs Care',
  lastWateredDate: '2026-04-01',
  nextWateringDate: '2026-04-02',
  description: 'Moved to a shady corner.',
  ...overrides,
});

/** A plant name no other test (or earlier run) uses, so searches find exactly this test's plant. */
export const uniquePlantName = (/** @type {string} */ label) => `${label} ${randomUUID().slice(0, 8)}`;

/**
 * POST /mango through Hosting as the user (signed in afresh, so a long run never sends an expired
 * token); fails unless the plant is added.
 * @param {{ email: string, password: string }} user
 * @param {NewPlant} plant
 * @returns {Promise<string>} the new plant's id
 */
export async function createPlantAs(user, plant) {
  const { idToken } = await signIn(user.email, user.password);
  const response = await fetch(`${APP_URL}/mango`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(plant),
  });
  if (response.status !== 201) throw new Error(`POST /mango failed (${response.status}): ${await response.text()}`);
  return /** @type {{ insertedId: string }} */ (await response.json()).insertedId;
}
