/**
 * The code's boundaries (docs/architecture.md, "Boundaries"), checked by dependency-cruiser in `npm run lint` and
 * so in `npm test`: any import that crosses one fails the run.
 * @type {import('dependency-cruiser').IConfiguration}
 */

// Test files (API tests and the modules' test helpers) may also import another module's *-test-helpers.ts.
const TEST_FILE = '([.]test[.]ts|-test-helpers[.]ts)$';

module.exports = {
  forbidden: [
    {
      name: 'server-module-internals',
      comment:
        'A server module reaches another module only through its *.service.ts or *.policy.ts: never its repository, routes or other internals.',
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/', pathNot: TEST_FILE },
      to: { path: '^server/src/modules/', pathNot: ['^server/src/modules/$1/', '[.](service|policy)[.]ts$'] },
    },
    {
      name: 'server-module-internals-in-tests',
      comment:
        "A module's tests may use another module's services, policies and *-test-helpers.ts, but not its repository or other internals.",
      severity: 'error',
      from: { path: `^server/src/modules/([^/]+)/.*${TEST_FILE}` },
      to: {
        path: '^server/src/modules/',
        pathNot: ['^server/src/modules/$1/', '[.](service|policy)[.]ts$', '-test-helpers[.]ts$'],
      },
    },
    {
      name: 'server-infrastructure-not-modules',
      comment: 'integrations/, lib/ and plugins/ serve the modules and never import one (app.ts wires them together).',
      severity: 'error',
      from: { path: '^server/src/(integrations|lib|plugins)/' },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'web-feature-to-feature',
      comment: 'A web feature imports no other feature: share through web/src/lib or domain.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'e2e-not-app-source',
      comment:
        'Browser tests drive the built app; they import neither web/src nor server/src (own fixtures in e2e/tests/support).',
      severity: 'error',
      from: { path: '^e2e/' },
      to: { path: '^(web|server)/src/' },
    },
    {
      name: 'domain-pure',
      comment: 'domain/ is shared by server and web: it imports nothing from them, nor from e2e.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: '^(server|web|e2e)/' },
    },
    {
      name: 'domain-no-node',
      comment: 'domain/ runs in the browser too: no Node built-ins.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles (type-only imports excluded: they vanish at run time).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
