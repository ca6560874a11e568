import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { checkCollectionOwners, checkSources } from './collection-owners';

const functionsDir = path.resolve(__dirname, '..');
/** Where the fixtures pretend to be: beside the real modules, so `firebase-admin` resolves. */
const root = path.join(functionsDir, 'fixture-src');

/** The packages' declarations, parsed once for every fixture. */
const parsed = new Map<string, ts.SourceFile | undefined>();

/** The rule over a few modules that exist only in memory, named by their path under the fixture's root. */
function check(files: Record<string, string>) {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    types: [],
  };
  const virtual = new Map(Object.entries(files).map(([name, text]) => [path.join(root, name), text]));
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => virtual.has(file) || fileExists(file);
  // The fixture's folders exist only in memory too, so its modules can import each other.
  host.directoryExists = (dir) =>
    [...virtual.keys()].some((file) => file.startsWith(dir + '/')) || ts.sys.directoryExists(dir);
  host.readFile = (file) => virtual.get(file) ?? readFile(file);
  host.getSourceFile = (file, language, ...rest) =>
    virtual.has(file)
      ? ts.createSourceFile(file, virtual.get(file)!, language, true)
      : (parsed.get(file) ?? parsed.set(file, getSourceFile(file, language, ...rest)).get(file));
  const program = ts.createProgram({ rootNames: [...virtual.keys()], options, host });
  const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  expect(errors).toEqual([]);
  return checkCollectionOwners(program, root).map(({ file, line, message }) => `${file}:${line}: ${message}`);
}

const store = `
import type { Firestore, WriteBatch } from 'firebase-admin/firestore';
export const PLANTS_COLLECTION = 'plants';
export function createPlantsRepository(db: Firestore) {
  const plants = db.collection(PLANTS_COLLECTION);
  return {
    cover(batch: WriteBatch, id: string, photoId: string): void {
      batch.update(plants.doc(id), { coverPhotoId: photoId });
    },
    exists: async (id: string) => (await plants.doc(id).get()).exists,
  };
}
`;

// Each program parses firebase-admin's declarations: seconds, more beside other work.
describe('one room writes each collection', { timeout: 120_000 }, () => {
  it('passes a room that asks the owner through a named method', () => {
    const photos = `
import type { Firestore } from 'firebase-admin/firestore';
export function createPhotosRepository(db: Firestore, store: { cover(batch: import('firebase-admin/firestore').WriteBatch, id: string, photoId: string): void }) {
  return {
    async setCover(id: string, photoId: string) {
      const batch = db.batch();
      store.cover(batch, id, photoId);
      await batch.commit();
    },
  };
}
`;
    expect(check({ 'plants/plants.repository.ts': store, 'photos/photos.repository.ts': photos })).toEqual([]);
  });

  it('fails on a reference the owner hands out, however deep', () => {
    const handing = `${store}
export function plantStoreAccess(db: Firestore) {
  return { plants: db.collection(PLANTS_COLLECTION), eventsOf: (id: string) => db.collection(\`plants/\${id}/events\`) };
}
export function withPlant(db: Firestore, work: (ref: import('firebase-admin/firestore').DocumentReference) => void) {
  work(db.doc('plants/x'));
}
export const byId = async (db: Firestore, id: string) => [await db.collection(PLANTS_COLLECTION).doc(id).get()];
export const byOwner = (db: Firestore, uid: string) => ({ plants: db.collection(PLANTS_COLLECTION).where('ownerUid', '==', uid) });
export const howMany = (db: Firestore) => db.collection(PLANTS_COLLECTION).count();
`;
    const rooms = `import * as store from './plants/plants.repository.js';\nexport const built = store;\n`;
    expect(check({ 'plants/plants.repository.ts': handing, 'rooms.ts': rooms })).toEqual([
      'plants/plants.repository.ts:14: plantStoreAccess hands out a reference (() > .plants > CollectionReference): another room could write through it; give it a named method instead',
      'plants/plants.repository.ts:17: withPlant hands out a reference ((work) > (ref) > DocumentReference): another room could write through it; give it a named method instead',
      'plants/plants.repository.ts:20: byId hands out a reference (() > DocumentSnapshot): another room could write through it; give it a named method instead',
      // A query reads, but its answers are snapshots, each with the reference its plant is written through.
      'plants/plants.repository.ts:21: byOwner hands out a reference (() > .plants > Query): another room could write through it; give it a named method instead',
      'plants/plants.repository.ts:22: howMany hands out a reference (() > AggregateQuery): another room could write through it; give it a named method instead',
    ]);
  });

  it("lets a room's modules pass references among themselves, and fails when one leaves the room", () => {
    const refs = `
import type { Firestore } from 'firebase-admin/firestore';
export const plantRef = (db: Firestore, id: string) => db.collection('plants').doc(id);
`;
    const repository = `
import type { Firestore } from 'firebase-admin/firestore';
import { plantRef } from './plant-refs.js';
export function createPlantsRepository(db: Firestore) {
  return { rename: async (id: string, name: string) => void (await plantRef(db, id).update({ name })) };
}
`;
    const rooms = `import { createPlantsRepository } from './plants/plants.repository.js';\nexport const store = createPlantsRepository;\n`;
    const room = { 'plants/plant-refs.ts': refs, 'plants/plants.repository.ts': repository, 'rooms.ts': rooms };
    expect(check(room)).toEqual([]);
    const care = `import { plantRef } from '../plants/plant-refs.js';\nexport const water = plantRef;\n`;
    expect(check({ ...room, 'care/care.repository.ts': care })).toEqual([
      'plants/plant-refs.ts:3: plantRef hands out a reference (() > DocumentReference): another room could write through it; give it a named method instead',
    ]);
  });

  it('fails on another room naming the collection, however the path is spelt', () => {
    const care = `
import type { Firestore } from 'firebase-admin/firestore';
const PLANTS = 'plants';
export async function water(db: Firestore, id: string) {
  await db.collection(PLANTS).doc(id).update({ watered: true });
  await db.collection(\`\${PLANTS}/\${id}/events\`).add({ type: 'watered' });
  await db.doc(\`plants/\${id}\`).delete();
  await db.collection('plants').doc(id).collection('photos').get();
}
`;
    expect(check({ 'plants/plants.repository.ts': store, 'care/care.repository.ts': care })).toEqual([
      "care/care.repository.ts:5: reaches 'plants', which only plants/ writes: ask it through a named method",
      "care/care.repository.ts:6: reaches 'events', which only plants/ writes: ask it through a named method",
      "care/care.repository.ts:7: reaches 'plants', which only plants/ writes: ask it through a named method",
      "care/care.repository.ts:8: reaches 'photos', which only photos/ writes: ask it through a named method",
      "care/care.repository.ts:8: reaches 'plants', which only plants/ writes: ask it through a named method",
    ]);
  });

  it('keeps householdMembers to households: no floor or room beside it names them, and it hands out no reference', () => {
    const memberships = `
import type { Firestore } from 'firebase-admin/firestore';
export const HOUSEHOLD_MEMBERS_COLLECTION = 'householdMembers';
export const membershipRef = (db: Firestore, uid: string) => db.collection(HOUSEHOLD_MEMBERS_COLLECTION).doc(uid);
`;
    const access = `
import type { Firestore } from 'firebase-admin/firestore';
export const membershipOf = async (db: Firestore, uid: string) => (await db.collection('householdMembers').doc(uid).get()).data();
`;
    const accounts = `
import type { Firestore, WriteBatch } from 'firebase-admin/firestore';
export function markActive(db: Firestore, batch: WriteBatch, uid: string, now: Date) {
  batch.update(db.doc(\`householdMembers/\${uid}\`), { lastActiveAt: now });
}
`;
    expect(
      check({
        'households/memberships.repository.ts': memberships,
        'rooms.ts': `export { membershipRef } from './households/memberships.repository.js';`,
        'access/household-access.ts': access,
        'accounts/accounts.repository.ts': accounts,
      }),
    ).toEqual([
      'households/memberships.repository.ts:4: membershipRef hands out a reference (() > DocumentReference): another room could write through it; give it a named method instead',
      "access/household-access.ts:3: reaches 'householdMembers', which only households/ writes: ask it through a named method",
      "accounts/accounts.repository.ts:4: reaches 'householdMembers', which only households/ writes: ask it through a named method",
    ]);
  });

  it('holds in functions/src', () => {
    expect(checkSources(functionsDir)).toEqual([]);
  });
});
