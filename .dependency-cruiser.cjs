/**
 * The code's boundaries (docs/architecture.md, "Boundaries"), checked by dependency-cruiser in `npm run lint` and
 * so in `npm test`: any import that crosses one fails the run.
 * @type {import('dependency-cruiser').IConfiguration}
 */

// Test files (API tests and the modules' test helpers) may also import another module's *-test-helpers.ts.
const TEST_FILE = '([.]test[.]ts|-test-helpers[.]ts)$';

const POLICY = '^server/src/modules/[^/]+/[^/]+[.]policy[.]ts$';

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
      name: 'policy-no-io',
      comment:
        'A *.policy.ts only decides: pure functions over the Viewer and the rows a service hands it. No repository or service, no database layer, no request, no integrations, no I/O libraries (services load, policies judge).',
      severity: 'error',
      from: { path: POLICY },
      to: {
        path: [
          '[.](repository|service|routes|jobs|worker)[.]ts$',
          '^server/src/(db|integrations)/',
          '^server/src/context[.]ts$',
          '^server/src/lib/(audit|idempotency|rate-limit-store|job-runner|uploads|downloads|transactions|file-inspection)[.]ts$',
          '(^|/)node_modules/(kysely|pg|better-sqlite3|fastify|@fastify/[^/]+|net-snmp|nodemailer|pdfkit)/',
        ],
      },
    },
    {
      name: 'policy-no-io-node',
      comment:
        'A *.policy.ts uses no Node built-in that reaches files, the network, processes or the clock of a timer.',
      severity: 'error',
      from: { path: POLICY },
      to: {
        dependencyTypes: ['core'],
        path: '^(node:)?(fs|fs/promises|net|http|https|http2|dgram|dns|tls|child_process|cluster|worker_threads|readline|stream|timers|timers/promises)$',
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
      name: 'test-support-only-in-tests',
      comment: 'test-support/ holds fixtures for tests (server and web tests, e2e): the app itself never imports it.',
      severity: 'error',
      from: { path: '^(server|web)/src/', pathNot: ['\\.test\\.tsx?$', '^(server|web)/src/test/'] },
      to: { path: '^test-support/' },
    },
    {
      name: 'test-support-standalone',
      comment: 'test-support/ is shared by every test suite: it imports domain/ at most, never the app or e2e.',
      severity: 'error',
      from: { path: '^test-support/' },
      to: { path: '^(server|web|e2e)/' },
    },
    {
      name: 'e2e-not-app-source',
      comment:
        'Browser tests drive the built app; they import neither web/src nor server/src (shared fixtures come from test-support/).',
      severity: 'error',
      from: { path: '^e2e/' },
      to: { path: '^(web|server)/src/' },
    },
    {
      name: 'domain-pure',
      comment: 'domain/ is shared by server and web: it imports nothing from them, nor from e2e or test-support.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: '^(server|web|e2e|test-support)/' },
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
    // npm packages stay in the graph (not followed), so a rule can name one (policy-no-io: kysely, fastify…).
    exclude: { path: '^[^/]+/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
