/*
 * Rules over web/src's module graph, checked by `npm run lint` (dependency-cruiser). ESLint's import
 * plugins (eslint-plugin-import-x's no-cycle) skip `import type`, and a cycle closed by a type
 * import still ties two modules together: this counts every import, types and import() included.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'No module may reach itself through its imports (type-only and dynamic imports count). Move what both sides need into a module of its own.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'components-below-features',
      severity: 'error',
      comment:
        'components/ holds what several features use, so it stays below them: let app/ pass a feature in (a prop or children) instead.',
      from: { path: '^src/components/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'no-feature-to-feature',
      severity: 'error',
      comment:
        'A feature never imports another feature: what two features share moves down to components/, lib/ or the shared model, and pages in app/ compose features.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'features-below-app',
      severity: 'error',
      comment: 'app/ composes features into pages; a feature never reaches up into a page or the router.',
      from: { path: '^src/(features|components|lib)/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'lib-below-features',
      severity: 'error',
      comment: 'lib/ holds what every layer uses, so it stays below the features.',
      from: { path: '^src/lib/' },
      to: { path: '^src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are part of the graph too (they vanish from the build, not from the design).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
