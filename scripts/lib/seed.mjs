// Demo content for the local stack: two accounts (after every start) and, on an empty data set,
// their plants, written through the functions' own repository (firebase-admin) after validation by
// the shared model.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

export const DEMO_ACCOUNT = {
  uid: 'demo-gardener',
  email: 'demo@mangogrove.test',
  password: 'MangoGrove1',
  displayName: 'Demo Gardener',
  // The Auth emulator only takes absolute photo URLs; the file ships with the web app.
  photoURL: 'http://localhost:5000/images/avatars/demo-gardener.svg',
};

export const FRIEND_ACCOUNT = {
  uid: 'demo-friend',
  email: 'friend@mangogrove.test',
  password: 'MangoGrove1',
  displayName: 'Sam Sprout',
};

/** [owner, plantName, category, careLevel, healthStatus, wateringFrequency, interval days, days since watered, image slug, description] */
const PLANTS = [
  [
    DEMO_ACCOUNT,
    'Echeveria Lola',
    'succulent',
    'easy',
    'Healthy',
    'Every 14 days',
    14,
    3,
    'echeveria',
    'A pale rosette succulent that loves bright light and dry soil between waterings.',
  ],
  [
    DEMO_ACCOUNT,
    'Jade Plant',
    'succulent',
    'easy',
    'Healthy',
    'Every 2 weeks',
    14,
    15,
    'jade-plant',
    'Thick glossy leaves on woody stems; a lucky plant that forgives neglect.',
  ],
  [
    DEMO_ACCOUNT,
    'Boston Fern',
    'fern',
    'moderate',
    'Needs Care',
    'Every 2 days',
    2,
    3,
    'boston-fern',
    'Arching fronds that want steady moisture and humid air. Some fronds are browning.',
  ],
  [
    DEMO_ACCOUNT,
    'Maidenhair Fern',
    'fern',
    'difficult',
    'Critical',
    'Daily',
    1,
    4,
    'maidenhair-fern',
    'Delicate fan-shaped leaflets; dried out on a hot weekend and needs rescue.',
  ],
  [
    DEMO_ACCOUNT,
    'Peace Lily',
    'flowering',
    'easy',
    'Healthy',
    'Weekly',
    7,
    6,
    'peace-lily',
    'White spathes above dark leaves; droops dramatically when thirsty.',
  ],
  [
    DEMO_ACCOUNT,
    'Moth Orchid',
    'flowering',
    'difficult',
    'Healthy',
    'Every 10 days',
    10,
    2,
    'orchid',
    'Phalaenopsis in bark mix; water by soaking, then drain fully.',
  ],
  [
    DEMO_ACCOUNT,
    'Juniper Bonsai',
    'bonsai',
    'difficult',
    'Needs Care',
    'Every 3 days',
    3,
    3,
    'juniper-bonsai',
    'An outdoor juniper in a shallow pot; needs a trim and regular checks in summer.',
  ],
  [
    DEMO_ACCOUNT,
    'Ficus Bonsai',
    'bonsai',
    'moderate',
    'Healthy',
    'Twice a week',
    3,
    1,
    'ficus-bonsai',
    'A forgiving indoor bonsai with aerial roots.',
  ],
  [
    DEMO_ACCOUNT,
    'Meyer Lemon',
    'Fruit',
    'moderate',
    'Healthy',
    'Weekly',
    7,
    9,
    'lemon-tree',
    'A dwarf citrus by the south window; fragrant blossoms in spring.',
  ],
  [
    DEMO_ACCOUNT,
    'Alpine Strawberry',
    'Fruit',
    'easy',
    'Healthy',
    'Every 2 days',
    2,
    1,
    'strawberry',
    'Small sweet berries all summer from a hanging pot.',
  ],
  [
    DEMO_ACCOUNT,
    'English Lavender',
    'Flower',
    'easy',
    'Healthy',
    'Every 10 days',
    10,
    4,
    'lavender',
    'Silver foliage and purple spikes; keep it on the dry side.',
  ],
  [
    DEMO_ACCOUNT,
    'Sweet Basil',
    'Herbs',
    'easy',
    'Needs Care',
    'Every 2 days',
    2,
    2,
    'basil',
    'Pinch the tips to stop it flowering; leaves are a little yellow.',
  ],
  [
    FRIEND_ACCOUNT,
    'Patio Rose',
    'Flower',
    'moderate',
    'Healthy',
    'Twice a week',
    3,
    2,
    'rose',
    'A compact red rose in a terracotta pot.',
  ],
  [
    FRIEND_ACCOUNT,
    'Cherry Tomato',
    'Vegetable',
    'moderate',
    'Needs Care',
    'Daily',
    1,
    1,
    'cherry-tomato',
    'Tumbling cherry tomatoes on the balcony; watch for split fruit.',
  ],
  [
    FRIEND_ACCOUNT,
    'Garden Mint',
    'Herbs',
    'easy',
    'Healthy',
    'Every 3 days',
    3,
    1,
    'mint',
    'Kept in its own pot so it cannot take over.',
  ],
];

/** @param {Date} date */
const isoDate = (date) => date.toISOString().slice(0, 10);

/**
 * Creates the demo accounts that are missing, so the README's login works after every start,
 * whatever was restored (an account the user changed is left as it is).
 * @param {{ auth: import('firebase-admin/auth').Auth }} deps
 * @returns {Promise<number>} how many accounts were created
 */
export async function ensureDemoAccounts({ auth }) {
  let created = 0;
  for (const account of [DEMO_ACCOUNT, FRIEND_ACCOUNT]) {
    try {
      await auth.createUser({ ...account, emailVerified: true });
      created += 1;
    } catch (error) {
      const code = /** @type {{ code?: string }} */ (error).code;
      if (code !== 'auth/uid-already-exists' && code !== 'auth/email-already-exists') throw error;
    }
  }
  return created;
}

/**
 * The demo accounts' plants, for an empty data set only.
 * @param {{ db: import('firebase-admin/firestore').Firestore, now?: Date }} deps
 * @returns {Promise<number>} how many plants were written
 */
export async function seedDemoPlants({ db, now = new Date() }) {
  const { countPlants, createPlantsRepository } = require(path.join(root, 'functions/lib/plants/plants.repository.js'));
  const { createAccountsRepository } = require(path.join(root, 'functions/lib/accounts/accounts.repository.js'));
  const { membershipInWriteReader } = require(path.join(root, 'functions/lib/households/memberships.repository.js'));
  const { DEFAULT_LIMITS } = require(path.join(root, 'functions/lib/config/limits.js'));
  const { CreatePlantInputSchema, parseWateringInterval } = require(path.join(root, 'functions/lib/model/index.js'));
  const { createActivityRepository } = require(path.join(root, 'functions/lib/activity/activity.repository.js'));
  const repository = createPlantsRepository(
    db,
    createAccountsRepository(
      db,
      () => DEFAULT_LIMITS,
      (/** @type {string} */ uid) => countPlants(db, uid),
      membershipInWriteReader(() => db),
    ),
    createActivityRepository(db),
  );

  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const day = 24 * 60 * 60 * 1000;
  let index = 0;
  for (const [
    owner,
    plantName,
    category,
    careLevel,
    healthStatus,
    wateringFrequency,
    interval,
    since,
    slug,
    description,
  ] of PLANTS) {
    const lastWatered = new Date(today.getTime() - Number(since) * day);
    const input = CreatePlantInputSchema.parse({
      plantName,
      category,
      careLevel,
      healthStatus,
      wateringFrequency,
      lastWateredDate: isoDate(lastWatered),
      nextWateringDate: isoDate(new Date(lastWatered.getTime() + Number(interval) * day)),
      image: `/images/plants/${slug}.webp`,
      description,
    });
    const account = /** @type {typeof DEMO_ACCOUNT} */ (owner);
    // Oldest first, a minute apart, so "newest first" lists have a stable order.
    const createdAt = new Date(now.getTime() - (PLANTS.length - index) * 60_000);
    const wateringIntervalDays = parseWateringInterval(input.wateringFrequency);
    await repository.createPlant(
      {
        ...input,
        wateringIntervalDays,
        userEmail: account.email,
        userName: account.displayName,
        ownerUid: account.uid,
      },
      createdAt,
    );
    index += 1;
  }
  return PLANTS.length;
}

/** How long after the stack's first start the demo account's first digest is due. */
const DEMO_DIGEST_AFTER_MINUTES = 3;

/**
 * The demo account's reminders on an empty data set: email digests on, at a time a few minutes
 * after the start in this machine's time zone, so a first `npm start` shows a digest arriving in
 * the local mail server's inbox (its plants include some due). Written through the function's own
 * reminders repository, as a change of the account's settings.
 * @param {{ db: import('firebase-admin/firestore').Firestore, now?: Date }} deps
 * @returns {Promise<string>} the digest's time and zone, as the launcher says it
 */
export async function seedDemoReminders({ db, now = new Date() }) {
  const { createRemindersRepository } = require(path.join(root, 'functions/lib/reminders/reminders.repository.js'));
  const { createAccountsRepository } = require(path.join(root, 'functions/lib/accounts/accounts.repository.js'));
  const { membershipInWriteReader } = require(path.join(root, 'functions/lib/households/memberships.repository.js'));
  const { countPlants } = require(path.join(root, 'functions/lib/plants/plants.repository.js'));
  const { DEFAULT_LIMITS } = require(path.join(root, 'functions/lib/config/limits.js'));
  const { isTimeZone, localTime, nextDigestAt } = require(path.join(root, 'functions/lib/model/reminders.js'));
  const machineZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const timeZone = machineZone && isTimeZone(machineZone) ? machineZone : 'UTC';
  const time = localTime(new Date(now.getTime() + DEMO_DIGEST_AFTER_MINUTES * 60_000), timeZone);
  const repository = createRemindersRepository(
    db,
    createAccountsRepository(
      db,
      () => DEFAULT_LIMITS,
      (/** @type {string} */ uid) => countPlants(db, uid),
      membershipInWriteReader(() => db),
    ),
  );
  await repository.changeSettings(DEMO_ACCOUNT.uid, now, (/** @type {any} */ current) => ({
    ...current,
    timeZone,
    time,
    channels: { push: false, email: true },
    nextDigestAt: nextDigestAt(now, time, timeZone, null),
  }));
  return `${time} (${timeZone})`;
}
