/**
 * The layer rules (decision 023), checked by `npm run lint`. Two sides share each feature folder:
 *
 * - UI side: routes, components, `*.functions.ts`, `*.queries.ts` and the UI's own server files
 *   (the BFF: session cookies, form actions, download/upload forwards). It reaches the provider
 *   only through the typed client in `app/lib/provider.server.ts`; `import type` of the API's
 *   contract is allowed, because that is how the client and the views are typed.
 * - Provider side: API (`app/api`) → domain (`*.server.ts` database code, `*.rules.ts`,
 *   `*.schema.ts`) → db (`app/db`). The domain never imports the API or the UI side.
 *
 * Client-safe modules (schemas, the lookup vocabulary, `app/lib` pure helpers) are importable by
 * both sides. The rules match resolved files, so `~/api/x`, `../../api/x` and `import()` are alike.
 */

/** The UI's own server files (BFF). Listed by name: no naming convention marks them yet. */
const BFF_SERVER =
  '^app/features/auth/(session|auth[.]actions|auth[.]forms)[.]server[.]ts$' +
  '|^app/features/establishments/select-establishment[.]server[.]ts$' +
  '|[.]forward[.]server[.]ts$'

const UI_SIDE =
  '^app/(routes|components)/' +
  '|^app/features/[^/]+/components/' +
  '|[.](functions|queries)[.]tsx?$' +
  '|^app/(router|start)[.]tsx?$' +
  `|${BFF_SERVER}`

/** The domain: feature database code, rules and schemas (not the BFF files above). */
const DOMAIN = '^app/features/[^/]+/[^/]+[.](server|rules|schema)[.]ts$|^app/features/lookups/'

/** Domain database code: a feature's server modules that are not the BFF's. */
const DOMAIN_DATABASE = '^app/features/[^/]+/[^/]+[.]server[.]ts$'

/**
 * Server-only feature helpers that read no database, which the UI side may use: the blank template
 * workbook is built from the client-safe template definitions.
 */
const DATABASE_FREE_SERVER = '^app/features/bulk-upload/template-workbook[.]server[.]ts$'

/**
 * The API's contracts: the route definitions (`createRoute` through the guarded factories) that the
 * typed provider client calls by (decision 020). Values, because the client reads the method, the
 * path and the response schemas from them at run time.
 */
const API_CONTRACT = '^app/api/[^/]+/[^/]+[.]routes[.]ts$'

/** The UI side's server code: server functions and the BFF files (never shipped to the browser). */
const UI_SERVER = `[.]functions[.]tsx?$|${BFF_SERVER}`

/**
 * The server entry, which hands /app-insights/api to the API app (app/api/entry.server.ts, the
 * API's composition root, decision 054) before the page router.
 */
const API_MOUNT = '^app/server[.]ts$'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-not-to-api',
      comment:
        'A feature module (other than the UI side) imports app/api. The domain knows no HTTP: throw a ' +
        'DomainError from ~/lib/domain-errors and let the API map it (decision 023).',
      severity: 'error',
      from: { path: '^app/features/', pathNot: UI_SIDE },
      to: { path: '^app/api/' },
    },
    {
      name: 'domain-not-to-ui',
      comment:
        'Domain code (*.server.ts, *.rules.ts, *.schema.ts) imports the UI side (routes, components, ' +
        'server functions, queries, BFF server files). Arrows point from the UI to the domain, never back.',
      severity: 'error',
      from: { path: DOMAIN, pathNot: BFF_SERVER },
      to: { path: UI_SIDE },
    },
    {
      name: 'ui-not-to-domain-database',
      comment:
        'The UI side imports domain database code or app/db. It reaches the data only through the ' +
        'provider: call it with the typed client (~/lib/provider.server).',
      severity: 'error',
      from: { path: UI_SIDE, pathNot: API_MOUNT },
      to: { path: `^app/db/|${DOMAIN_DATABASE}`, pathNot: `${BFF_SERVER}|${DATABASE_FREE_SERVER}` },
    },
    {
      name: 'ui-to-api-only-types',
      comment:
        'Browser-side code (a route, a component, query options) imports a value from app/api. Only ' +
        '`import type` of the API contract is allowed; data comes through server functions.',
      severity: 'error',
      from: { path: UI_SIDE, pathNot: `${API_MOUNT}|${UI_SERVER}` },
      to: { path: '^app/api/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'ui-server-to-api-only-contracts',
      comment:
        'A server function or BFF file imports a value from app/api other than a route contract ' +
        '(app/api/<resource>/*.routes.ts). Calls go through the typed client (~/lib/provider-api.server) ' +
        "by the route definition; handlers, app/api/lib and the app itself are the provider's own.",
      severity: 'error',
      from: { path: UI_SERVER },
      to: { path: '^app/api/', pathNot: API_CONTRACT, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'api-not-to-ui',
      comment: 'The provider API imports the UI side (routes, components, server functions, BFF files).',
      severity: 'error',
      from: { path: '^app/api/' },
      to: { path: UI_SIDE },
    },
    {
      name: 'db-not-to-upper-layers',
      comment:
        'app/db imports the API, the UI or domain code. The database layer is the bottom: it may use ' +
        'app/lib and client-safe vocabulary (the lookup values it writes as reference rows).',
      severity: 'error',
      from: { path: '^app/db/', pathNot: '^app/db/seed/' },
      to: {
        path: '^app/(api|routes|components|features)/',
        pathNot: '^app/features/lookups/lookup-values[.]ts$',
      },
    },
    {
      name: 'lib-not-to-upper-layers',
      comment:
        'app/lib imports a feature, the API or the UI. Shared helpers sit below every feature; the ' +
        'typed provider client is the one app/lib module that reaches the API app.',
      severity: 'error',
      from: { path: '^app/lib/', pathNot: '^app/lib/provider[.]server[.]ts$' },
      to: { path: '^app/(api|routes|components|features)/' },
    },
    {
      name: 'no-seed-in-production',
      comment:
        'Production code imports the demo seed (app/db/seed). Domain vocabulary lives in the features ' +
        '(~/features/lookups/lookup-values); the seed imports the features, never the reverse. Only ' +
        'scripts (serve hands the demo seed to startDatabase, db:seed) and tests use it.',
      severity: 'error',
      from: { path: '^app/', pathNot: '^app/db/seed/' },
      to: { path: '^app/db/seed/' },
    },
    {
      name: 'no-tests-in-production',
      comment:
        'Production code imports test support. Only the demo seed shares the row factories of ' +
        'tests/factories.ts, so that what a test builds and what the demo holds are written alike.',
      severity: 'error',
      from: { path: '^app/', pathNot: '^app/db/seed/' },
      to: { path: '^tests/' },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript compiler API: swc parses, and still tells `import type` apart.
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    // Tests, stories and test support may cross layers (they build worlds and mount the app).
    exclude: {
      path: '[.]test[.]tsx?$|[.]stories[.]tsx?$|(^|/)testing[.]server[.]ts$|^app/routeTree[.]gen[.]ts$|(^|/)node_modules/',
    },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
