import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../src/lib/firebase';
import type { Plant, PlantEvent } from '../src/model';
import { HOUSEHOLD_MEMBERS_COLLECTION } from '../src/households/households.repository';
import { EVENTS_COLLECTION, PLANTS_COLLECTION } from '../src/plants/plants.repository';
import { testApp } from './support/app';
import { joinHousehold, startHousehold } from './support/households';
import { aJpeg, storedPhotoDocuments, uploadPhoto } from './support/photos';
import { aPlant, anUpdate } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs, storedPlant, storedPlantCount } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

const START = new Date('2026-06-01T10:00:00.000Z');
/** The sitters' last day: from its next midnight (UTC) they may do nothing. */
const UNTIL = '2026-06-03';
const AFTER_UNTIL = new Date('2026-06-04T00:00:00.000Z');
let now = START;
const app = testApp({ clock: () => now });

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const call = (method: Method, path: string, user?: TestUser) => {
  const req = request(app)[method](`/mango${path}`);
  return user ? req.set(bearer(user)) : req;
};

/** Fresh accounts with these names, made at once. */
const usersNamed = <N extends string[]>(...names: N) =>
  Promise.all(names.map((name) => createTestUser(name))) as Promise<{ [K in keyof N]: TestUser }>;

const asSitter = { role: 'sitter' as const, until: UNTIL };
const withFertilizing = (overrides: Record<string, unknown> = {}) =>
  aPlant({ care: { fertilize: { frequency: 'Monthly', nextDate: '2026-06-20' } }, ...overrides });

/** The plant, its events and its photos (their metadata and every chunk of their bytes) as stored. */
async function stored(id: string): Promise<Record<string, unknown>> {
  const plant = getDb().collection(PLANTS_COLLECTION).doc(id);
  const [doc, photoDocuments, ...lists] = await Promise.all([
    plant.get(),
    storedPhotoDocuments(id),
    ...[EVENTS_COLLECTION, 'photos'].map((name) => plant.collection(name).get()),
  ]);
  const all: Record<string, unknown> = { plant: doc.data(), photoDocuments };
  for (const list of lists) for (const entry of list.docs) all[entry.ref.path] = entry.data();
  return all;
}

/** Runs a refused call: its status, a sentence containing `message`, and the plant as it was. */
async function refused(id: string, status: number, message: string, send: () => PromiseLike<request.Response>) {
  const before = await stored(id);
  const response = await send();
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.error.message).toContain(message);
  expect(response.body.error.message).toMatch(/^[A-Z].*\.$/);
  expect(await stored(id)).toEqual(before);
  return response;
}

const eventsAs = async (user: TestUser, id: string) =>
  (await call('get', `/${id}/events`, user).expect(200)).body as PlantEvent[];
const actor = (user: TestUser) => ({ uid: user.uid, displayName: user.displayName });
const shareKeyOf = async (id: string) => (await storedPlant(id))?.shareKey as string | undefined;

/** What a plant's answer shows: the owner's view (with or without the email), or the public one. */
/** The view `user` is answered; a household's names what the role may do (`may`), so the app offers only that. */
async function expectView(
  user: TestUser,
  id: string,
  view: 'owner' | 'household' | 'public',
  shared?: boolean,
  may?: Permission[],
) {
  const body = (await call('get', `/${id}`, user).expect(200)).body as Plant;
  const key = await shareKeyOf(id);
  if (key) expect(JSON.stringify(body)).not.toContain(key);
  expect(body).not.toHaveProperty('shareKey');
  if (view === 'public') {
    for (const field of ['care', 'shared', 'ownerUid', 'userEmail', 'may']) expect(body).not.toHaveProperty(field);
    expect(body.userName).toEqual(expect.any(String));
    return;
  }
  expect(body).toMatchObject({ care: expect.any(Object), ownerUid: expect.any(String), shared: shared ?? true });
  if (view === 'owner') {
    expect(body.userEmail).toEqual(expect.any(String));
    expect(body).not.toHaveProperty('may');
  } else {
    expect(body).not.toHaveProperty('userEmail');
    if (may) expect(body.may).toEqual(may);
  }
}

type Permission = 'view' | 'care' | 'edit' | 'photo' | 'delete';
interface Target {
  id: string;
  photoId: string;
  noteId: string;
}
interface Action {
  name: string;
  needs: Permission;
  status: number;
  send: (user: TestUser, target: Target) => request.Test;
  /** After it succeeded: what it answered, and who the plant's owner sees did it. */
  then?: (body: Record<string, unknown>, target: Target, user: TestUser) => Promise<void> | void;
}

let jpeg: Buffer;
let plantOwner: TestUser;
const wateredBy = async (_body: unknown, target: Target, user: TestUser) =>
  expect((await eventsAs(plantOwner, target.id))[0]).toMatchObject({ type: 'watered', by: actor(user) });

/** Every write and read of a plant, in an order in which each one succeeds for whoever may do it. */
const ACTIONS: Action[] = [
  { name: 'GET /mango/:id/events', needs: 'view', status: 200, send: (u, t) => call('get', `/${t.id}/events`, u) },
  {
    name: 'POST /mango/:id/care/water',
    needs: 'care',
    status: 200,
    send: (u, t) => call('post', `/${t.id}/care/water`, u).send({}),
    then: wateredBy,
  },
  {
    name: 'DELETE /mango/:id/care/water/latest',
    needs: 'care',
    status: 200,
    send: (u, t) => call('delete', `/${t.id}/care/water/latest`, u),
  },
  {
    name: 'POST /mango/:id/care/fertilize',
    needs: 'care',
    status: 200,
    send: (u, t) => call('post', `/${t.id}/care/fertilize`, u).send({}),
    then: async (_body, t, user) =>
      expect((await eventsAs(plantOwner, t.id))[0]).toMatchObject({ type: 'fertilized', by: actor(user) }),
  },
  {
    name: 'DELETE /mango/:id/care/fertilize/latest',
    needs: 'care',
    status: 200,
    send: (u, t) => call('delete', `/${t.id}/care/fertilize/latest`, u),
  },
  {
    name: 'POST /mango/care',
    needs: 'care',
    status: 200,
    // Watering last, so that the batch undo of waterings below finds it the plant's latest change.
    send: (u, t) =>
      call('post', '/care', u).send({
        items: [
          { plantId: t.id, task: 'fertilize' },
          { plantId: t.id, task: 'water' },
        ],
      }),
    then: wateredBy,
  },
  {
    name: 'DELETE /mango/waterings/latest',
    needs: 'care',
    status: 200,
    send: (u, t) => call('delete', '/waterings/latest', u).send({ plantIds: [t.id] }),
  },
  {
    name: 'POST /mango/:id/notes',
    needs: 'care',
    status: 201,
    send: (u, t) => call('post', `/${t.id}/notes`, u).send({ text: 'New leaf' }),
    then: (body, t, user) => {
      expect(body).toMatchObject({ type: 'note', by: actor(user) });
      t.noteId = body._id as string;
    },
  },
  {
    name: 'DELETE /mango/:id/notes/:noteId',
    needs: 'care',
    status: 200,
    send: (u, t) => call('delete', `/${t.id}/notes/${t.noteId}`, u),
  },
  {
    name: 'PUT /mango/:id',
    needs: 'edit',
    status: 200,
    send: (u, t) => call('put', `/${t.id}`, u).send(anUpdate({ plantName: `Edited by ${u.displayName}` })),
    then: async (_body, t, user) => {
      expect((await storedPlant(t.id))?.plantName).toBe(`Edited by ${user.displayName}`);
      expect((await eventsAs(plantOwner, t.id))[0]).toMatchObject({ type: 'updated', by: actor(user) });
    },
  },
  {
    name: 'POST /mango/:id/photos',
    needs: 'photo',
    status: 201,
    send: (u, t) => uploadPhoto(app, u, t.id, jpeg),
    then: (body, t) => void (t.photoId = body._id as string),
  },
  {
    name: 'PUT /mango/:id/cover',
    needs: 'photo',
    status: 200,
    send: (u, t) => call('put', `/${t.id}/cover`, u).send({ photoId: t.photoId }),
  },
  {
    name: 'DELETE /mango/:id/photos/:photoId',
    needs: 'photo',
    status: 200,
    send: (u, t) => call('delete', `/${t.id}/photos/${t.photoId}`, u),
  },
  { name: 'DELETE /mango/:id', needs: 'delete', status: 200, send: (u, t) => call('delete', `/${t.id}`, u) },
];

const ENDED = `Your time as a sitter of this household ended on ${UNTIL}.`;
/** What someone the plant is not shared with is told: what was refused, action by action. */
const NOT_YOURS: Record<Permission, string> = {
  view: "Only its owner's household may read this plant's history.",
  care: "Only its owner's household may record care and notes for this plant.",
  edit: "Only its owner's household may change this plant.",
  photo: "Only its owner's household may add, change or delete this plant's photos.",
  delete: 'Only its owner may delete this plant.',
};
const OWNERS_ALONE = NOT_YOURS.delete;
const SITTER_REFUSALS: Partial<Record<Permission, string>> = {
  edit: 'As a sitter you can record care jobs and notes, but not change the plant.',
  photo: 'As a sitter you can record care jobs and notes, but not add, change or delete photos.',
  delete: OWNERS_ALONE,
};
const outsiderRefusal = (needs: Permission) => NOT_YOURS[needs];

type Who = 'pete' | 'olive' | 'mel' | 'sam' | 'rex' | 'lee' | 'otto';
const ROLES: {
  role: string;
  who: Who;
  view: 'owner' | 'household' | 'public';
  may: Permission[];
  refusal: (needs: Permission) => string;
  lapsed?: boolean;
}[] = [
  {
    role: "the plant's owner",
    who: 'pete',
    view: 'owner',
    may: ['view', 'care', 'edit', 'photo', 'delete'],
    refusal: () => '',
  },
  {
    role: "the household's owner",
    who: 'olive',
    view: 'household',
    may: ['view', 'care', 'edit', 'photo'],
    refusal: () => OWNERS_ALONE,
  },
  {
    role: 'a member',
    who: 'mel',
    view: 'household',
    may: ['view', 'care', 'edit', 'photo'],
    refusal: () => OWNERS_ALONE,
  },
  {
    role: 'a sitter',
    who: 'sam',
    view: 'household',
    may: ['view', 'care'],
    refusal: (needs) => SITTER_REFUSALS[needs]!,
  },
  { role: 'a sitter after their last day', who: 'sam', view: 'public', may: [], refusal: () => ENDED, lapsed: true },
  { role: 'a removed member', who: 'rex', view: 'public', may: [], refusal: outsiderRefusal },
  { role: 'a member who left', who: 'lee', view: 'public', may: [], refusal: outsiderRefusal },
  { role: 'an outsider', who: 'otto', view: 'public', may: [], refusal: outsiderRefusal },
];

const users = {} as Record<Who, TestUser>;
/** Pete's plant, shared with the household: with a care schedule, a fertilizing, a note, a photo and a watering to undo. */
const fixture: Target = { id: '', photoId: '', noteId: '' };

beforeAll(async () => {
  now = START;
  jpeg = await aJpeg();
  const [olive, pete, mel, sam, rex, lee, otto] = await usersNamed(
    'Olive Owner',
    'Pete Planter',
    'Mel Member',
    'Sam Sitter',
    'Rex Removed',
    'Lee Leaver',
    'Otto Outsider',
  );
  Object.assign(users, { olive, pete, mel, sam, rex, lee, otto });
  plantOwner = pete;
  await startHousehold(app, olive);
  for (const user of [pete, mel, rex, lee]) await joinHousehold(app, olive, user);
  await joinHousehold(app, olive, sam, asSitter);
  fixture.id = await createPlantAs(app, pete, withFertilizing({ plantName: 'Shared Fern' }));
  await call('post', `/${fixture.id}/care/fertilize`, pete).send({}).expect(200);
  fixture.noteId = (await call('post', `/${fixture.id}/notes`, pete).send({ text: 'Repotted' }).expect(201)).body._id;
  fixture.photoId = (await uploadPhoto(app, pete, fixture.id, jpeg).expect(201)).body._id;
  await call('post', `/${fixture.id}/care/water`, pete).send({}).expect(200);
  // Rex and Lee had the plant shared with them, and go.
  await call('put', `/${fixture.id}`, rex)
    .send(anUpdate({ plantName: 'Shared Fern' }))
    .expect(200);
  await call('delete', `/household/members/${rex.uid}`, olive).expect(200);
  await call('delete', `/household/members/${lee.uid}`, lee).expect(200);
});

beforeEach(() => {
  now = START;
});

describe('a plant shared with its owner’s household', () => {
  it.each(ROLES)('$role may do what the role allows, and every refusal changes nothing', async (row) => {
    const user = users[row.who];
    if (row.lapsed) now = AFTER_UNTIL;
    await expectView(user, fixture.id, row.view, true, row.may);
    // What the role may do, on a plant of its own (each action in turn succeeds).
    const own: Target = { id: '', photoId: '', noteId: '' };
    if (row.may.length > 0) own.id = await createPlantAs(app, plantOwner, withFertilizing({ plantName: 'Fresh Fern' }));
    for (const action of ACTIONS) {
      if (row.may.includes(action.needs)) {
        const response = await action.send(user, own);
        expect(response.status, `${action.name}: ${JSON.stringify(response.body)}`).toBe(action.status);
        await action.then?.(response.body, own, user);
      } else {
        await refused(fixture.id, 403, row.refusal(action.needs), () => action.send(user, fixture));
      }
    }
  });

  it('ends a sitter’s time with the end of their last day (UTC)', async () => {
    const { sam } = users;
    now = new Date(`${UNTIL}T23:59:00.000Z`);
    await call('post', `/${fixture.id}/notes`, sam).send({ text: 'Last evening' }).expect(201);
    await call('delete', `/${fixture.id}/notes/${(await eventsAs(sam, fixture.id))[0]!._id}`, sam).expect(200);
    now = AFTER_UNTIL;
    await refused(fixture.id, 403, ENDED, () => call('post', `/${fixture.id}/notes`, sam).send({ text: 'Too late' }));
    await refused(fixture.id, 403, ENDED, () => call('get', `/${fixture.id}/events`, sam));
  });
});

describe('shared on POST and PUT', () => {
  it('shares a new plant with the household unless asked not to; outside one it is never shared (409)', async () => {
    const { pete, mel, otto } = users;
    await expectView(pete, fixture.id, 'owner', true);
    const kept = await createPlantAs(app, pete, aPlant({ plantName: 'Private Palm', shared: false }));
    await expectView(pete, kept, 'owner', false);
    await expectView(mel, kept, 'public');
    await refused(kept, 403, NOT_YOURS.edit, () => call('put', `/${kept}`, mel).send(anUpdate()));

    const count = await storedPlantCount(otto.uid);
    const conflict = await call('post', '', otto)
      .send(aPlant({ shared: true }))
      .expect(409);
    expect(conflict.body.error).toMatchObject({ code: 'conflict', message: expect.stringMatching(/household/) });
    expect(await storedPlantCount(otto.uid)).toBe(count);
    const alone = await createPlantAs(app, otto, aPlant({ plantName: 'Lonely Fern' }));
    await expectView(otto, alone, 'owner', false);
    await refused(alone, 409, 'cannot be shared', () =>
      call('put', `/${alone}`, otto).send(anUpdate({ shared: true })),
    );
    await refused(alone, 400, 'Shared must be true or false.', () =>
      call('put', `/${alone}`, otto).send(anUpdate({ shared: 'yes' })),
    );
  });

  it('lets only the plant’s owner stop sharing it (403 for a member); leaving it out keeps it as it is', async () => {
    const { pete, mel } = users;
    const id = await createPlantAs(app, pete, aPlant({ plantName: 'Toggled Fern' }));
    await refused(id, 403, 'Only its owner may share this plant', () =>
      call('put', `/${id}`, mel).send(anUpdate({ shared: false })),
    );
    await call('put', `/${id}`, mel)
      .send(anUpdate({ shared: true, plantName: 'Still Shared' }))
      .expect(200);
    await expectView(mel, id, 'household');

    await call('put', `/${id}`, pete)
      .send(anUpdate({ shared: false }))
      .expect(200);
    await expectView(pete, id, 'owner', false);
    await refused(id, 403, NOT_YOURS.edit, () => call('put', `/${id}`, mel).send(anUpdate()));
    await call('put', `/${id}`, pete)
      .send(anUpdate({ plantName: 'Quiet Fern' }))
      .expect(200);
    await expectView(pete, id, 'owner', false);

    await call('put', `/${id}`, pete)
      .send(anUpdate({ shared: true }))
      .expect(200);
    await expectView(mel, id, 'household');
    await call('put', `/${id}`, mel)
      .send(anUpdate({ plantName: 'Mel Was Here' }))
      .expect(200);
  });
});

describe('people leaving', () => {
  /** Each plant's owner as stored, by id: going never moves or deletes a plant. */
  const ownersOf = async (ids: string[]) => Promise.all(ids.map(async (id) => (await storedPlant(id))?.ownerUid));

  it('keeps every plant with its owner through a hand-over, a removal, a leaving and dissolving', async () => {
    const [ann, ben, cai, dot] = await usersNamed('Ann Founder', 'Ben Heir', 'Cai Removed', 'Dot Leaver');
    await startHousehold(app, ann);
    for (const user of [ben, cai, dot]) await joinHousehold(app, ann, user);
    const people = [ann, ben, cai, dot];
    const ids = await Promise.all(
      people.map((user) => createPlantAs(app, user, aPlant({ plantName: `${user.displayName}’s Fern` }))),
    );
    const [a, b, c, d] = ids as [string, string, string, string];
    const owners = people.map((user) => user.uid);

    // A hand-over changes who manages, not whose plants are shared.
    await call('patch', `/household/members/${ben.uid}`, ann).send({ role: 'owner' }).expect(200);
    expect(await ownersOf(ids)).toEqual(owners);
    await expectView(ann, a, 'owner', true);
    await call('put', `/${a}`, cai)
      .send(anUpdate({ plantName: 'Cai Edited' }))
      .expect(200);
    // A change through the household is stored with the member's last activity.
    const membership = await getDb().collection(HOUSEHOLD_MEMBERS_COLLECTION).doc(cai.uid).get();
    expect(membership.get('lastActiveAt')?.toDate()).toEqual(now);

    // A removal that lands first wins: Cai's next request is refused.
    await call('post', `/${b}/care/water`, cai).send({}).expect(200);
    await call('delete', `/household/members/${cai.uid}`, ben).expect(200);
    await refused(b, 403, NOT_YOURS.care, () => call('post', `/${b}/care/water`, cai).send({}));
    await expectView(cai, c, 'owner', false);
    await expectView(ben, c, 'public');
    await refused(c, 403, NOT_YOURS.edit, () => call('put', `/${c}`, ben).send(anUpdate()));

    await call('delete', `/household/members/${dot.uid}`, dot).expect(200);
    await expectView(dot, d, 'owner', false);
    await expectView(ann, d, 'public');
    await refused(d, 403, NOT_YOURS.view, () => call('get', `/${d}/events`, ann));
    await refused(b, 403, NOT_YOURS.care, () => call('delete', `/${b}/care/water/latest`, dot));

    await call('delete', '/household', ben).expect(200);
    expect(await ownersOf(ids)).toEqual(owners);
    await expectView(ann, a, 'owner', false);
    await expectView(ben, b, 'owner', false);
    await expectView(ann, b, 'public');
    await refused(b, 403, NOT_YOURS.care, () => call('post', `/${b}/notes`, ann).send({ text: 'Gone' }));

    // Together again, in a new household: the old plants stay unshared until their owners share them.
    await startHousehold(app, ann);
    await joinHousehold(app, ann, dot);
    await expectView(ann, a, 'owner', false);
    await expectView(dot, d, 'owner', false);
    await expectView(ann, d, 'public');
    await refused(d, 403, NOT_YOURS.edit, () => call('put', `/${d}`, ann).send(anUpdate()));
    await call('put', `/${d}`, dot)
      .send(anUpdate({ shared: true }))
      .expect(200);
    await expectView(ann, d, 'household');
    expect(await storedPlantCount(dot.uid)).toBe(1);
  });
});

describe('GET /mango/due and GET /mango/household/plants', () => {
  const due = (user: TestUser, query: object = {}) =>
    call('get', '/due', user).query({ until: '2026-12-31', ...query });
  const namesOf = (body: { plants: Plant[] }) => body.plants.map((plant) => [plant.plantName, plant.userName]);
  let dee: TestUser, max: TestUser, sid: TestUser, una: TestUser;

  beforeAll(async () => {
    now = START;
    [dee, max, sid, una] = await usersNamed('Dee Owner', 'Max Member', 'Sid Sitter', 'Una Outsider');
    await startHousehold(app, dee);
    await joinHousehold(app, dee, max);
    await joinHousehold(app, dee, sid, asSitter);
    await createPlantAs(app, dee, aPlant({ plantName: 'Fig' }));
    await createPlantAs(app, dee, aPlant({ plantName: 'Palm', shared: false }));
    await createPlantAs(app, max, aPlant({ plantName: 'Mint', nextWateringDate: '2026-03-02' }));
    await createPlantAs(app, una, aPlant({ plantName: 'Quince' }));
  });

  it('lists what is due of the caller’s plants and of the household’s shared ones, each with its owner’s name', async () => {
    const page = (await due(max).expect(200)).body as { plants: Plant[]; nextCursor: string | null; total: number };
    expect(namesOf(page)).toEqual([
      ['Mint', 'Max Member'],
      ['Fig', 'Dee Owner'],
    ]);
    expect(page).toMatchObject({ nextCursor: null, total: 2 });
    const fig = page.plants[1]!;
    expect(fig).toMatchObject({ shared: true, ownerUid: dee.uid, care: expect.any(Object) });
    expect(fig).not.toHaveProperty('userEmail');
    expect(namesOf((await due(sid).expect(200)).body)).toEqual([
      ['Mint', 'Max Member'],
      ['Fig', 'Dee Owner'],
    ]);
    expect(namesOf((await due(dee, { limit: 1 }).expect(200)).body)).toEqual([['Mint', 'Max Member']]);
    expect(namesOf((await due(una).expect(200)).body)).toEqual([['Quince', 'Una Outsider']]);
    now = AFTER_UNTIL;
    expect((await due(sid).expect(200)).body).toEqual({ plants: [], nextCursor: null, total: 0 });
  });

  it('puts the shared plants in each member’s and sitter’s calendar feed, a sitter’s until their last day', async () => {
    const summariesOf = async (user: TestUser) => {
      const { url } = (await call('get', '/calendar', user).expect(200)).body as { url: string };
      const feed = await request(app).get(new URL(url).pathname).expect(200);
      return [...feed.text.matchAll(/^SUMMARY:(.*)\r$/gm)].map((match) => match[1]).sort();
    };
    expect(await summariesOf(max)).toEqual(['Water Fig', 'Water Mint']);
    expect(await summariesOf(sid)).toEqual(['Water Fig', 'Water Mint']);
    expect(await summariesOf(dee)).toEqual(['Water Fig', 'Water Mint', 'Water Palm']);
    expect(await summariesOf(una)).toEqual(['Water Quince']);
    now = AFTER_UNTIL;
    expect(await summariesOf(sid)).toEqual([]);
    expect(await summariesOf(max)).toEqual(['Water Fig', 'Water Mint']);
  });

  it('pages the household’s shared plants by name, an empty page to someone in none, and 403 and 400 with a sentence', async () => {
    const list = (user: TestUser | undefined, query: object) => call('get', '/household/plants', user).query(query);
    const first = (await list(max, { limit: 1 }).expect(200)).body;
    expect(first).toMatchObject({ nextCursor: expect.any(String), total: 2 });
    expect(namesOf(first)).toEqual([['Fig', 'Dee Owner']]);
    const second = (await list(max, { limit: 1, cursor: first.nextCursor }).expect(200)).body;
    expect(second).toMatchObject({ nextCursor: null, total: 2 });
    expect(namesOf(second)).toEqual([['Mint', 'Max Member']]);
    expect(namesOf((await list(sid, {}).expect(200)).body)).toEqual([
      ['Fig', 'Dee Owner'],
      ['Mint', 'Max Member'],
    ]);

    await list(undefined, {}).expect(401);
    // Someone in no household shares with nobody: an empty page, one read (their membership).
    const none = await list(una, {}).expect(200);
    expect(none.body).toEqual({ plants: [], nextCursor: null, total: 0 });
    expect(none.headers['x-firestore-reads']).toBe('documents=1, aggregations=0');
    expect((await list(una, { limit: 1, cursor: first.nextCursor }).expect(200)).body).toEqual(none.body);
    const unknown = await list(max, { page: 2 }).expect(400);
    expect(unknown.body.error.message).toMatch(/limit, cursor/);
    now = AFTER_UNTIL;
    const lapsed = await list(sid, {}).expect(403);
    expect(lapsed.body.error.message).toContain(ENDED);
  });
});
