/*
 * Rules over functions/src's module graph, checked by `npm run lint` (dependency-cruiser), as
 * web/.dependency-cruiser.cjs does for the web app. The server is made of rooms, one folder each
 * (plants/, care/, households/, ...), over floors every room may use: access/ (the house's rules:
 * who may do what, and a caller's membership), middleware/ and lib/ (plumbing), config/, model/ (the
 * shared model, also the web app's). rooms.ts builds the rooms, app.ts and jobs.ts call them;
 * index.ts exports the functions.
 *
 * A room's `*.repository.ts` is the only module that touches its collections: another room may
 * name its type (to be handed one by rooms.ts) but never import its values (collection
 * names, refs, converters). migrations/ is the exception: a migration brings stored data of any
 * room up to date. Imports cannot show a reference handed over at run time: lint/collection-owners.ts
 * reads the code for that (one room writes each collection).
 */
const ROOM = '^src/(?!model/|lib/|middleware/|config/|access/)([^/]+)/';

/**
 * Each room's doors: the only modules another room may import (a repository's type only, by the
 * rule after). Everything else in a room is its own. A new door is a decision: add it here, and
 * to docs/server.md.
 */
const DOORS = [
  'accounts/(accounts\\.repository|write-budget|daily-allowances)',
  'activity/activity\\.repository',
  'calendar/calendar\\.repository',
  'care/care\\.repository',
  'due/(due\\.service|due\\.repository)',
  'households/(duty|households\\.repository)',
  'photos/photo-layout',
  'plant-list/(plant-list\\.service|plant-list\\.repository|plant-cursor)',
  'places/place-books\\.repository',
  'plants/(plants\\.service|plants\\.repository|plants\\.schemas|plant-keys)',
  'species/species\\.catalogue',
].map((door) => `^src/${door}\\.ts$`);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'No module may reach itself through its imports (type-only and dynamic imports count). Move what both sides need into a module of its own, or hand one side a function.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-rooms-in-a-circle',
      severity: 'error',
      comment:
        'No two rooms (folders) import each other, directly or round a loop of rooms: move what both need a floor down (access/, lib/, model/), or move the code to the room that uses it.',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'floors-below-rooms',
      severity: 'error',
      comment:
        'access/, model/, lib/, middleware/ and config/ serve every room, so they import no room: move what they need down to them.',
      from: { path: '^src/(access|model|lib|middleware|config)/' },
      to: { path: ROOM },
    },
    {
      name: 'access-on-the-ground',
      severity: 'error',
      comment:
        'access/ decides who may do what from a membership, the plant and the clock: it stands on model/, lib/ and config/ alone, below middleware/ and every room.',
      from: { path: '^src/access/' },
      to: { path: '^src/', pathNot: '^src/(access|model|lib|config)/' },
    },
    {
      name: 'model-stands-alone',
      severity: 'error',
      comment:
        'The shared model is pure (the web app builds it too): it imports only itself and packages, never the server.',
      from: { path: '^src/model/' },
      to: { path: '^src/', pathNot: '^src/model/' },
    },
    {
      name: 'rooms-below-assembly',
      severity: 'error',
      comment: 'rooms.ts, app.ts, jobs.ts and index.ts assemble the rooms; a room never imports them.',
      from: { path: '^src/[^/]+/' },
      to: { path: '^src/[^/]+\\.ts$' },
    },
    {
      name: 'rooms-through-doors',
      severity: 'error',
      comment:
        "A room reaches another only through the modules DOORS names (its service's view helpers, its repository's type...), never its other modules: ask for what you need through a door, or add a door on purpose.",
      from: { path: ROOM, pathNot: '^src/migrations/' },
      to: { path: ROOM, pathNot: ['^src/$1/', ...DOORS] },
    },
    {
      name: 'one-owner-per-collection',
      severity: 'error',
      comment:
        "Only a room's own modules use its repository's values: another room asks it (a method) and may import only its type.",
      from: { path: ROOM, pathNot: '^src/migrations/' },
      to: { path: '^src/[^/]+/[^/]+\\.repository\\.ts$', pathNot: '^src/$1/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests are no part of the house: they may borrow from any room (a fixture, the error handler).
    exclude: { path: '\\.test\\.ts$' },
    // Type-only imports are part of the graph too (they vanish from the build, not from the design).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
