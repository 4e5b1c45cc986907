/**
 * The code's boundaries (docs/architecture.md, "Boundaries"), checked by dependency-cruiser in `npm run lint` and
 * so in `npm test`: any import that crosses one fails the run.
 * @type {import('dependency-cruiser').IConfiguration}
 */

const esc = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Test files (API tests and the modules' test helpers) may also import another module's *-test-helpers.ts.
const TEST_FILE = '([.]test[.]ts|-test-helpers[.]ts)$';

// ---- TEMPORARY: web feature-to-feature imports that exist today ------------------------------------------------
// Known violations while the web files move to web/src/lib (another branch). Each pair is allowed exactly; anything
// new fails. Delete this block (make the list empty) once web/src no longer needs it.
const TEMPORARY_WEB_EXCEPTIONS = [
  ['web/src/features/assets/components/asset-frame.tsx', 'web/src/features/offline/components/offline-notice.tsx'],
  ['web/src/features/assets/components/nearby-work-orders.tsx', 'web/src/features/installer/api/search-work-orders.ts'],
  ['web/src/features/assets/components/nearby-work-orders.tsx', 'web/src/features/installer/lib/geolocation.ts'],
  ['web/src/features/assets/components/scan-asset-page.tsx', 'web/src/features/offline/components/offline-notice.tsx'],
  ['web/src/features/installer/components/search-page.tsx', 'web/src/features/offline/components/offline-notice.tsx'],
  ['web/src/features/installer/components/search-page.tsx', 'web/src/features/offline/components/prefetch-button.tsx'],
  [
    'web/src/features/installer/components/service-location-view.tsx',
    'web/src/features/assets/components/add-asset.tsx',
  ],
  [
    'web/src/features/installer/components/work-order-home.tsx',
    'web/src/features/offline/components/download-button.tsx',
  ],
  [
    'web/src/features/installer/components/work-order-layout.tsx',
    'web/src/features/offline/components/offline-notice.tsx',
  ],
  ['web/src/features/offline/components/photo-page.tsx', 'web/src/features/installer/components/installer-only.tsx'],
  [
    'web/src/features/offline/components/saved-work-orders-page.tsx',
    'web/src/features/installer/components/installer-only.tsx',
  ],
  ['web/src/features/offline/components/saved-work-orders-page.tsx', 'web/src/features/installer/lib/format.ts'],
  ['web/src/features/reports/api/reports.ts', 'web/src/features/customer/api/download-file.ts'],
  ['web/src/features/reports/components/business-report-section.tsx', 'web/src/features/customer/components/ui.tsx'],
  ['web/src/features/reports/components/phone-report-section.tsx', 'web/src/features/customer/components/format.ts'],
  ['web/src/features/reports/components/phone-report-section.tsx', 'web/src/features/customer/components/ui.tsx'],
  ['web/src/features/reports/components/reports-page.tsx', 'web/src/features/customer/api/customer-account.ts'],
  ['web/src/features/reports/components/reports-page.tsx', 'web/src/features/customer/components/ui.tsx'],
  ['web/src/features/services/api/services.ts', 'web/src/features/customer/api/download-file.ts'],
  ['web/src/features/services/components/email-section.tsx', 'web/src/features/customer/components/format.ts'],
  ['web/src/features/services/components/fax-section.tsx', 'web/src/features/customer/components/format.ts'],
  ['web/src/features/services/components/locations-section.tsx', 'web/src/features/customer/components/format.ts'],
  ['web/src/features/services/components/mailbox-forms.tsx', 'web/src/features/customer/components/ui.tsx'],
  ['web/src/features/services/components/services-page.tsx', 'web/src/features/customer/api/customer-account.ts'],
  ['web/src/features/services/components/services-page.tsx', 'web/src/features/customer/components/ui.tsx'],
  ['web/src/features/staff/api/applicants.ts', 'web/src/features/customer/api/download-file.ts'],
];
// ---- end of TEMPORARY --------------------------------------------------------------------------------------------

const featureOf = (file) => /^web\/src\/features\/([^/]+)\//.exec(file)?.[1];
const exceptionFiles = [...new Set(TEMPORARY_WEB_EXCEPTIONS.map(([from]) => from))];
const temporaryWebRules = exceptionFiles.map((from) => ({
  name: 'web-feature-to-feature',
  comment: 'A web feature imports no other feature: share through web/src/lib or domain (temporary exception list).',
  severity: 'error',
  from: { path: `^${esc(from)}$` },
  to: {
    path: '^web/src/features/',
    pathNot: [
      `^web/src/features/${featureOf(from)}/`,
      ...TEMPORARY_WEB_EXCEPTIONS.filter(([f]) => f === from).map(([, to]) => `^${esc(to)}$`),
    ],
  },
}));

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
      from: { path: '^web/src/features/([^/]+)/', pathNot: exceptionFiles.map((f) => `^${esc(f)}$`) },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    ...temporaryWebRules,
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
