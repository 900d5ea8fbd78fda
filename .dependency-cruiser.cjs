// The server's layers and module faces and the order of the shared folders, checked by
// `npm run lint` after Biome (docs/code-map.md). Biome keeps the other import fences (src-* sides,
// renderer features, shared/domain below shared/contract) and file-level import cycles; this file
// adds what needs the resolved graph: loops between folders, the one face of each server module,
// and the layers of the server and of shared/.
//
// Layers of src-server, bottom to top (nothing imports upward):
//   http/ db/ files/ mail/  →  core/ (and module-context.ts, periodic-jobs.ts)  →  modules/<m>/
//   →  the app assembly: app.ts, main.ts, server-main.ts, seed/, web/
// Tests (`*.test.ts`, `tests/`) may import a module's internals; they are left out of the graph.
//
// Folders of shared/, bottom to top (nothing imports upward):
//   domain/  →  search/  →  routes/  →  contract/  →  live/

/** Paths a rule never applies to: tests read internals on purpose. */
const TESTS = ['\\.test\\.tsx?$', '^tests/'];

/** The app assembly: builds the server from the modules, seeds demo data, hosts the web app. */
const APP_ASSEMBLY = '^src-server/(?:seed|web)/|^src-server/(?:app|main|server-main)\\.ts$';

/** What modules are given to work with: the module context and the periodic-job runner. */
const MODULE_FRAMEWORK = '^src-server/(?:module-context|periodic-jobs)\\.ts$';

/**
 * The folders of shared/, bottom to top: the domain's values and rules; the search state a URL
 * carries; the page routes (a search page's address is a route); the API contract, which validates
 * with all three and turns a search state into its API call; the live message stream over it.
 */
const SHARED_LAYERS = ['domain', 'search', 'routes', 'contract', 'live'];

/** One rule per shared folder: it imports none of the folders above it. */
const sharedLayerRules = SHARED_LAYERS.slice(0, -1).map((layer, index) => {
  const above = SHARED_LAYERS.slice(index + 1);
  return {
    name: 'shared-layers',
    comment:
      `shared/${layer}/ sits below ${above.map((folder) => `shared/${folder}/`).join(', ')} and imports none of them: ` +
      'move what both need down, or the function up to the folder whose types it builds (docs/code-map.md).',
    severity: 'error',
    from: { path: `^shared/${layer}/`, pathNot: TESTS },
    to: { path: `^shared/(?:${above.join('|')})/` },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-folder-loop',
      comment:
        'Server folders (modules above all) must not form a loop: move the shared service to src-server/core/, ' +
        'or the function to the module that owns its data.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src-server/' },
      to: { path: '^src-server/', circular: true },
    },
    {
      name: 'no-module-internals',
      comment:
        'Another module uses a module only through its index.ts: export what it needs there (or move a shared service to src-server/core/).',
      severity: 'error',
      from: { path: '^src-server/modules/([^/]+)/', pathNot: TESTS },
      to: { path: '^src-server/modules/(?!$1/)[^/]+/(?!index\\.ts$)' },
    },
    {
      name: 'no-module-internals',
      comment:
        'Code outside the modules (the app, seed, web host, benches, scripts) uses a module only through its index.ts.',
      severity: 'error',
      from: { pathNot: ['^src-server/modules/', ...TESTS] },
      to: { path: '^src-server/modules/[^/]+/(?!index\\.ts$)' },
    },
    {
      name: 'layers',
      comment:
        'http/, db/, files/ and mail/ are the bottom layer: they import neither core/, the modules nor the app.',
      severity: 'error',
      from: { path: '^src-server/(?:http|db|files|mail)/', pathNot: TESTS },
      to: { path: ['^src-server/(?:core|modules)/', MODULE_FRAMEWORK, APP_ASSEMBLY] },
    },
    {
      name: 'layers',
      comment:
        'core/ and the module framework sit below the modules: they import no module and nothing of the app.',
      severity: 'error',
      from: { path: ['^src-server/core/', MODULE_FRAMEWORK], pathNot: TESTS },
      to: { path: ['^src-server/modules/', APP_ASSEMBLY] },
    },
    {
      name: 'layers',
      comment:
        'Modules sit below the app assembly: they import nothing of app.ts, main.ts, server-main.ts, seed/ or web/.',
      severity: 'error',
      from: { path: '^src-server/modules/', pathNot: TESTS },
      to: { path: APP_ASSEMBLY },
    },
    {
      name: 'no-shared-folder-loop',
      comment:
        'Folders of shared/ must not form a loop: a function or type lives in the folder that owns it, ' +
        'in the order domain/ → search/ → routes/ → contract/ → live/.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^shared/' },
      to: { path: '^shared/', circular: true },
    },
    ...sharedLayerRules,
  ],
  options: {
    // TypeScript 7 (native) has no JavaScript compiler API for dependency-cruiser: swc parses instead.
    // swc keeps type-only imports as dependencies by itself; `tsPreCompilationDeps` only steers the
    // TypeScript parser, and set to true it would warn on every run that no usable one is installed.
    parser: 'swc',
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', ...TESTS] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
