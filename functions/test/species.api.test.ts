import Papa from 'papaparse';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Plant } from '../src/model';
import type { Species, SpeciesAnswer } from '../src/model/species';
import { foldSpeciesText } from '../src/model/species';
import { speciesCatalogue } from '../src/species/species.catalogue';
import { SPECIES_CACHE } from '../src/species/species.router';
import { testApp } from './support/app';
import { aPlant, anUpdate } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs, storedPlant, storedPlantCount } from './support/plants';
import { createTestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

const app = testApp();

const search = (query: Record<string, unknown>) => request(app).get('/mango/species').query(query);
const idsOf = (body: { species: Species[] }) => body.species.map((species) => species._id);
/** A species' names in the order the search tries them: common names, then the scientific name. */
const namesOf = (species: Species) => [...species.commonNames, species.scientificName].map(foldSpeciesText);

describe('GET /mango/species', () => {
  it('finds a species by a common name, case- and accent-insensitively, from the bundled catalogue', async () => {
    expect(idsOf((await search({ q: 'swiss' }).expect(200)).body)).toEqual(
      expect.arrayContaining(['beta-vulgaris-cicla-group', 'monstera-deliciosa', 'monstera-adansonii']),
    );
    const swiss = await search({ q: 'SWISS CHEESE' }).expect(200);
    expect(idsOf(swiss.body)).toEqual(['monstera-deliciosa', 'monstera-adansonii']);
    expect(swiss.body.species[0]).toMatchObject({
      scientificName: 'Monstera deliciosa',
      commonNames: expect.arrayContaining(['Swiss cheese plant']),
      toxicToCats: true,
      toxicToDogs: true,
    });
    expect(swiss.headers['cache-control']).toBe(SPECIES_CACHE);
    expect(swiss.headers['x-firestore-reads']).toBe('documents=0, aggregations=0');
    expect(idsOf((await search({ q: 'monstéra' }).expect(200)).body)).toContain('monstera-deliciosa');
    expect(idsOf((await search({ q: 'jalapeno' }).expect(200)).body)).toEqual(['capsicum-annuum']);
    expect(idsOf((await search({ q: 'peace lily' }).expect(200)).body)[0]).toBe('spathiphyllum-wallisii');
  });

  it('lists names that start with the text first, then the rest alphabetically, ten by default', async () => {
    const { body } = await search({ q: 'fern', limit: 50 }).expect(200);
    const species = body.species as Species[];
    expect(species.length).toBeGreaterThan(10);
    const starts = species.map((s) => namesOf(s).some((name) => name.startsWith('fern')));
    expect(starts.indexOf(false)).toBeGreaterThan(-1);
    expect(starts.slice(starts.indexOf(false))).not.toContain(true);
    // Each group alphabetically by the name that matched.
    const matched = (s: Species, i: number) =>
      starts[i]
        ? namesOf(s).filter((name) => name.startsWith('fern'))
        : namesOf(s).filter((name) => name.includes('fern'));
    const keys = species.map((s, i) => matched(s, i)[0]!);
    for (const group of [keys.filter((_, i) => starts[i]), keys.filter((_, i) => !starts[i])])
      expect(group).toEqual([...group].sort((a, b) => a.localeCompare(b, 'en')));
    for (const s of species)
      expect(
        namesOf(s).some((name) => name.includes('fern')),
        s._id,
      ).toBe(true);
    expect((await search({ q: 'fern' }).expect(200)).body.species).toHaveLength(10);
    expect((await search({ q: 'fern', limit: 3 }).expect(200)).body.species).toEqual(species.slice(0, 3));
    expect((await search({ q: 'zzzz' }).expect(200)).body).toEqual({ species: [] });
  });

  it.each([
    [{}, 'q must be 2 to 60 characters.'],
    [{ q: 'a' }, 'q must be 2 to 60 characters.'],
    [{ q: 'a'.repeat(61) }, 'q must be 2 to 60 characters.'],
    [{ q: 'fern', limit: 0 }, 'limit must be a whole number from 1 to 50.'],
    [{ q: 'fern', limit: 51 }, 'limit must be a whole number from 1 to 50.'],
    [{ q: 'fern', limit: 'ten' }, 'limit must be a whole number from 1 to 50.'],
    [{ q: 'fern', sort: 'name' }, 'GET /mango/species takes only these parameters: q, limit, lang.'],
    [{ q: 'fern', lang: 'it' }, 'lang must be one of: en, es, de, fr.'],
    [{ q: 'fern', lang: 'ES' }, 'lang must be one of: en, es, de, fr.'],
  ])('answers 400 with a sentence for %j', async (query, message) => {
    const response = await search(query).expect(400);
    expect(response.body.error).toMatchObject({ code: 'invalid_input', message });
  });

  it('searches the names in the reader language too, and names each species in it', async () => {
    const german = await search({ q: 'Fensterblatt', lang: 'de' }).expect(200);
    expect(idsOf(german.body)).toEqual(['monstera-deliciosa']);
    // The English fields stay as they are for the clients that read them; `name` is the reader's.
    expect(german.body.species[0]).toMatchObject({
      scientificName: 'Monstera deliciosa',
      commonNames: ['Swiss cheese plant', 'Monstera', 'Split-leaf philodendron'],
      names: { es: ['Costilla de Adán', 'Monstera'], de: ['Fensterblatt', 'Monstera'] },
      name: 'Fensterblatt',
      notesLanguage: 'en',
    });
    expect(german.headers['cache-control']).toBe(SPECIES_CACHE);
    expect(german.headers['x-firestore-reads']).toBe('documents=0, aggregations=0');
    expect(german.headers.vary ?? '').not.toMatch(/accept-language/i);
    expect(idsOf((await search({ q: 'costilla de adan', lang: 'es' }).expect(200)).body)).toEqual([
      'monstera-deliciosa',
    ]);
    expect(idsOf((await search({ q: 'figuier lyre', lang: 'fr' }).expect(200)).body)).toEqual(['ficus-lyrata']);
    // English names and the scientific name stay searchable in every language; another language's are not.
    expect(idsOf((await search({ q: 'swiss cheese plant', lang: 'fr' }).expect(200)).body)).toEqual([
      'monstera-deliciosa',
    ]);
    expect((await search({ q: 'Fensterblatt' }).expect(200)).body).toEqual({ species: [] });
    expect((await search({ q: 'Fensterblatt', lang: 'es' }).expect(200)).body).toEqual({ species: [] });
    // A species with no name in the language is named by its scientific name; English is the default.
    const calathea = await search({ q: 'Calathea orbifolia', lang: 'es' }).expect(200);
    expect(calathea.body.species[0]).toMatchObject({ _id: 'goeppertia-orbifolia', name: 'Goeppertia orbifolia' });
    const english = (await search({ q: 'Fiddle-leaf fig' }).expect(200)).body.species as SpeciesAnswer[];
    expect(english[0]).toMatchObject({ _id: 'ficus-lyrata', name: 'Fiddle-leaf fig', notesLanguage: 'en' });
  });

  it('answers one species in the reader language: its name there, else its scientific name', async () => {
    const one = async (id: string, query: Record<string, string> = {}) =>
      (await request(app).get(`/mango/species/${id}`).query(query).expect(200)).body as SpeciesAnswer;
    expect(await one('monstera-deliciosa', { lang: 'es' })).toMatchObject({
      name: 'Costilla de Adán',
      commonNames: ['Swiss cheese plant', 'Monstera', 'Split-leaf philodendron'],
      notesLanguage: 'en',
    });
    expect((await one('ficus-lyrata', { lang: 'de' })).name).toBe('Geigenfeige');
    expect((await one('aloe-vera', { lang: 'fr' })).name).toBe('Aloès');
    expect((await one('goeppertia-orbifolia', { lang: 'fr' })).name).toBe('Goeppertia orbifolia');
    expect((await one('monstera-deliciosa')).name).toBe('Swiss cheese plant');
    expect(await one('monstera-deliciosa', { lang: 'en' })).toEqual(await one('monstera-deliciosa'));
    // Each language's answer has its own URL, so the CDN keeps one copy of each.
    const etag = async (lang: string) =>
      (await request(app).get('/mango/species/monstera-deliciosa').query({ lang }).expect(200)).headers.etag;
    expect(await etag('de')).not.toBe(await etag('es'));

    const italian = await request(app).get('/mango/species/monstera-deliciosa').query({ lang: 'it' }).expect(400);
    expect(italian.body.error).toEqual({
      code: 'invalid_input',
      message: 'lang must be one of: en, es, de, fr.',
      fields: { lang: 'lang must be one of: en, es, de, fr.' },
    });
  });

  it('answers one species by id, 404 for an unknown one, and only GET', async () => {
    const monstera = await request(app).get('/mango/species/monstera-deliciosa').expect(200);
    expect(monstera.body).toMatchObject({ _id: 'monstera-deliciosa', watering: expect.any(Object) });
    // Each answer says what its pet facts rest on: the lists' entry for the species, its genus, or nothing.
    const pets = async (id: string) => {
      const { toxicToCats, toxicToDogs, toxicityBasis } = (await request(app).get(`/mango/species/${id}`).expect(200))
        .body as Species;
      return { toxicToCats, toxicToDogs, toxicityBasis };
    };
    expect(await pets('monstera-deliciosa')).toEqual({
      toxicToCats: true,
      toxicToDogs: true,
      toxicityBasis: 'species',
    });
    expect(await pets('mentha-piperita')).toEqual({ toxicToCats: true, toxicToDogs: true, toxicityBasis: 'genus' });
    expect(await pets('rhaphidophora-tetrasperma')).toEqual({
      toxicToCats: null,
      toxicToDogs: null,
      toxicityBasis: null,
    });
    expect(monstera.headers['cache-control']).toBe(SPECIES_CACHE);
    const unknown = await request(app).get('/mango/species/no-such-plant').expect(404);
    expect(unknown.body.error.message).toBe('There is no species with that id in the catalogue.');
    expect((await request(app).post('/mango/species').expect(405)).headers.allow).toBe('GET, HEAD');
  });
});

describe('speciesId on plants', () => {
  it('is stored on POST with what the species says of pets, changed and cleared on PUT, kept when absent', async () => {
    const user = await createTestUser('Species Keeper');
    const id = await createPlantAs(app, user, aPlant({ speciesId: 'monstera-deliciosa' }));
    const read = async () => (await request(app).get(`/mango/${id}`).expect(200)).body as Plant;
    expect(await read()).toMatchObject({ speciesId: 'monstera-deliciosa', toxicToCats: true, toxicToDogs: true });

    await request(app)
      .put(`/mango/${id}`)
      .set(bearer(user))
      .send(anUpdate({ speciesId: 'chlorophytum-comosum' }))
      .expect(200);
    expect(await read()).toMatchObject({ speciesId: 'chlorophytum-comosum', toxicToCats: false, toxicToDogs: false });
    await request(app)
      .put(`/mango/${id}`)
      .set(bearer(user))
      .send(anUpdate({ plantName: 'Spider' }))
      .expect(200);
    expect(await read()).toMatchObject({ plantName: 'Spider', speciesId: 'chlorophytum-comosum' });
    // A species whose effect on pets the catalogue does not know: answered null, never safe.
    await request(app)
      .put(`/mango/${id}`)
      .set(bearer(user))
      .send(anUpdate({ speciesId: 'rhaphidophora-tetrasperma' }))
      .expect(200);
    expect(await read()).toMatchObject({
      speciesId: 'rhaphidophora-tetrasperma',
      toxicToCats: null,
      toxicToDogs: null,
    });
    expect(await storedPlant(id)).not.toHaveProperty('toxicToCats');

    await request(app)
      .put(`/mango/${id}`)
      .set(bearer(user))
      .send(anUpdate({ speciesId: null }))
      .expect(200);
    const cleared = await read();
    for (const field of ['speciesId', 'toxicToCats', 'toxicToDogs']) expect(cleared).not.toHaveProperty(field);
  });

  it('refuses an unknown species with 400 naming the field, and stores nothing', async () => {
    const user = await createTestUser('Species Typo');
    const unknown = await request(app)
      .post('/mango')
      .set(bearer(user))
      .send(aPlant({ speciesId: 'monstera-deliciosaa' }))
      .expect(400);
    expect(unknown.body.error.fields).toEqual({
      speciesId: 'There is no species "monstera-deliciosaa" in the catalogue: pick one from the species search.',
    });
    expect(await storedPlantCount(user.uid)).toBe(0);
    const malformed = await request(app)
      .post('/mango')
      .set(bearer(user))
      .send(aPlant({ speciesId: 'Monstera!' }))
      .expect(400);
    expect(malformed.body.error.fields).toHaveProperty('speciesId');

    const id = await createPlantAs(app, user, aPlant({ speciesId: 'aloe-vera' }));
    const before = await storedPlant(id);
    await request(app)
      .put(`/mango/${id}`)
      .set(bearer(user))
      .send(anUpdate({ speciesId: 'no-such-species' }))
      .expect(400);
    expect(await storedPlant(id)).toEqual(before);
  });

  it('goes out with the export and comes back with the import, in JSON and CSV; an unknown one is a row error', async () => {
    const user = await createTestUser('Species Mover');
    await createPlantAs(app, user, aPlant({ plantName: 'Aloe', speciesId: 'aloe-vera' }));
    const json = (await request(app).get('/mango/export').query({ format: 'json' }).set(bearer(user)).expect(200)).text;
    expect(JSON.parse(json).plants[0]).toMatchObject({ speciesId: 'aloe-vera' });
    const csv = (await request(app).get('/mango/export').query({ format: 'csv' }).set(bearer(user)).expect(200)).text;
    expect(Papa.parse<Record<string, string>>(csv, { header: true }).data[0]).toMatchObject({ speciesId: 'aloe-vera' });

    const other = await createTestUser('Species Receiver');
    const imported = await request(app)
      .post('/mango/import')
      .query({ dryRun: '0' })
      .set(bearer(other))
      .set('Content-Type', 'text/csv')
      .send(csv)
      .expect(200);
    const plant = (await request(app).get(`/mango/${imported.body.plants[0]._id}`).expect(200)).body as Plant;
    expect(plant).toMatchObject({ plantName: 'Aloe', speciesId: 'aloe-vera', toxicToCats: true });

    const refused = await request(app)
      .post('/mango/import')
      .query({ dryRun: '1' })
      .set(bearer(other))
      .set('Content-Type', 'text/csv')
      .send('plantName,category,speciesId\nMystery,fern,not-a-species\n')
      .expect(200);
    expect(refused.body.errors).toEqual([
      { row: 2, field: 'speciesId', message: 'There is no species "not-a-species" in the catalogue.' },
    ]);
  });
});

describe('the pet-safe filter of the paged list', () => {
  const catalogue = speciesCatalogue();
  const safeForBoth = catalogue
    .search('an', 50)
    .filter((s) => s.toxicToCats === false && s.toxicToDogs === false)
    .slice(0, 3)
    .map((s) => s._id);
  const page = (query: Record<string, unknown>) => request(app).get('/mango').query(query).expect(200);
  const names = (body: { plants: Plant[] }) => body.plants.map((plant) => plant.plantName).sort();

  it('pages the plants safe for both, for cats or for dogs, with their totals, at the cost of a page', async () => {
    expect(safeForBoth).toHaveLength(3);
    const user = await createTestUser('Pet Owner');
    const tag = `Petsafe ${Date.now()}`;
    const named = (name: string, speciesId?: string) =>
      createPlantAs(app, user, aPlant({ plantName: `${tag} ${name}`, ...(speciesId ? { speciesId } : {}) }));
    for (const [i, id] of safeForBoth.entries()) await named(`Safe ${i}`, id);
    await named('Lily', 'lilium-hybrids');
    const monstera = await named('Monstera', 'monstera-deliciosa');
    await named('Mini monstera', 'rhaphidophora-tetrasperma');
    // Toxic to cats, and the lists say nothing of dogs: in no filter.
    await named('Catnip', 'nepeta-cataria');
    await named('Unknown');

    const first = await page({ petSafe: 'both', limit: 2, sort: 'plantName' });
    expect(first.body).toMatchObject({ total: 3, totalExact: true });
    expect(first.body.plants).toHaveLength(2);
    expect(first.headers['x-firestore-reads']).toBe('documents=3, aggregations=1');
    const second = await page({ petSafe: 'both', limit: 2, sort: 'plantName', cursor: first.body.nextCursor });
    expect([...names(first.body), ...names(second.body)]).toEqual([`${tag} Safe 0`, `${tag} Safe 1`, `${tag} Safe 2`]);
    expect(second.body.nextCursor).toBeNull();

    expect(names((await page({ petSafe: 'dogs', limit: 100 })).body)).toEqual([
      `${tag} Lily`,
      `${tag} Safe 0`,
      `${tag} Safe 1`,
      `${tag} Safe 2`,
    ]);
    expect((await page({ petSafe: 'cats', limit: 100 })).body.total).toBe(3);
    // With a search, the filter holds on what the search finds.
    expect(names((await page({ petSafe: 'dogs', q: tag, limit: 100 })).body)).toHaveLength(4);
    expect(names((await page({ petSafe: 'both', q: `${tag} Lil` })).body)).toEqual([]);

    // A change of species moves the plant in or out of the filter.
    await request(app)
      .put(`/mango/${monstera}`)
      .set(bearer(user))
      .send(anUpdate({ plantName: `${tag} Monstera`, speciesId: safeForBoth[0] }))
      .expect(200);
    expect((await page({ petSafe: 'both', limit: 100 })).body.total).toBe(4);

    const bad = await request(app).get('/mango').query({ petSafe: 'fish' }).expect(400);
    expect(bad.body.error.message).toBe('petSafe must be one of: both, cats, dogs.');
  });
});
