/**
 * Schema-driven fuzzing of every route (run by fuzz-customer.test.ts and fuzz-field.test.ts, one app each, so the
 * two halves run side by side) of the OpenAPI document: fast-check inputs (path parameters, query, JSON
 * body, Idempotency-Key) generated from the route's JSON Schemas, mostly valid and sometimes broken
 * (json-schema-arbitrary.ts), sent as a role the authorization matrix lets through, so that they reach the handler.
 * Any 5xx fails and prints the route, the role and the shrunk counterexample.
 *
 * FUZZ_RUNS inputs per route: 200 in `npm test`, 1,000 with `npm run fuzz`. FUZZ_SEED replays a run (the failure
 * message prints the seed); FUZZ_ROUTE=<substring> fuzzes the matching routes only.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/harness.js';
import { MATRIX, type Role, WHO } from './authorization-matrix.js';
import { arbitraryOf } from './json-schema-arbitrary.js';
import { idFor } from './matrix-ids.js';
import { type ApiRoute, textOf, urlOf } from './openapi-routes.js';
import { useSecurityApp } from './security-app.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const ONLY = process.env.FUZZ_ROUTE;
const CHUNK = 200;

interface Input {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  key: string | undefined;
}

/**
 * Inputs that once gave a 5xx: each runs first, on every run, as the regression test of its fix.
 */
const REGRESSIONS: Record<string, Partial<Input>[]> = {
  // isoDate accepted '0000-00-00'; the search turned it into an invalid Date (RangeError, 500).
  'POST /api/contractor/work-orders/search': [{ body: { DateTo: '0000-00-00' } }, { body: { DateFrom: '2024-02-30' } }],
  // isRealDate (now isCalendarDate) called toISOString() on an invalid Date (RangeError inside validation, 500).
  'GET /api/customer/reports/phone': [{ query: { to: '9999-99-99' } }, { query: { from: '2024-13-45' } }],
  'GET /api/customer/reports/phone/csv': [{ query: { to: '9999-99-99' } }],
  // The history's day filters checked the pattern only; '0000-00-00' became an invalid Date in the query (500).
  'GET /api/staff/history': [{ query: { type: 'ticket', id: '1', to: '0000-00-00' } }],
};

/**
 * Routes not fuzzed, each with its reason. Keep this short: a route belongs here only when fuzzing it cannot work
 * inside `npm test`, never because it fails.
 */
const EXCLUDED: Record<string, string> = {};

/** Who fuzzes a route: the first of these roles that the matrix lets through with its own ids. */
const PREFERRED: Role[] = [
  'business',
  'superuser',
  'residential',
  'installer',
  'fieldtech',
  'contractor',
  'staff',
  'applicant',
  'anonymous',
];

/** Fuzzes the routes whose matrix key `part` accepts. */
export function fuzzRoutes(part: (key: string) => boolean) {
  const app = useSecurityApp([
    'business',
    'residential',
    'installer',
    'fieldtech',
    'contractor',
    'staff',
    'superuser',
    'applicant',
  ]);
  let t: TestApp;
  let routes: Map<string, ApiRoute>;
  let tokens: Partial<Record<Role, string>>;
  beforeAll(() => {
    ({ t, routes, tokens } = app);
  });

  const keys = Object.keys(MATRIX).filter((k) => part(k) && (!ONLY || k.includes(ONLY)));
  const ordered = [...keys.filter((k) => !MATRIX[k]?.last), ...keys.filter((k) => MATRIX[k]?.last)];

  // Long runs are cut into tests of CHUNK inputs each: one vitest test that runs for over a minute makes the worker's
  // progress report time out (vitest issue #8164), though every input passed.
  const chunks = Math.ceil(RUNS / CHUNK);
  const cases = ordered.flatMap((key) =>
    Array.from({ length: chunks }, (_, c): [string, string, number] => [
      chunks === 1 ? key : `${key} (inputs ${c * CHUNK + 1} to ${Math.min(RUNS, (c + 1) * CHUNK)})`,
      key,
      c,
    ]),
  );

  const roleFor = (key: string): Role => {
    const row = MATRIX[key];
    return PREFERRED.find((r) => row?.own[r] === 'ok') ?? 'anonymous';
  };

  /** Header-safe Idempotency-Keys: none, UUIDs, short, empty, long and odd printable ones. */
  const idempotencyKey = fc.option(
    fc.oneof(fc.uuid(), fc.stringMatching(/^[\x20-\x7e]{0,40}$/), fc.constantFrom('', ' ', 'k'.repeat(300))),
    { nil: undefined },
  );

  describe(`schema-driven fuzzing (${RUNS} inputs per route)`, () => {
    it.each(cases)(
      '%s',
      async (_name, key, chunk) => {
        const route = routes.get(key);
        if (!route) return; // the authorization matrix reports routes and rows that do not match
        if (EXCLUDED[key]) return;
        const role = roleFor(key);
        const who = WHO[role].own;
        // Path parameters: the role's own id often (so inputs reach deep), else anything the schema allows or breaks.
        const params: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, schema] of Object.entries(route.params)) {
          const own = MATRIX[key]?.shared?.[name] ?? (await idFor(t.db.db, name, who, route.path));
          params[name] =
            own === undefined
              ? arbitraryOf(schema)
              : fc.oneof({ weight: 2, arbitrary: fc.constant(own) }, { weight: 1, arbitrary: arbitraryOf(schema) });
        }
        const query: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, q] of Object.entries(route.query)) query[name] = arbitraryOf(q.schema);
        const input: fc.Arbitrary<Input> = fc.record({
          params: fc.record(params),
          query: fc.record(query, { requiredKeys: [] }),
          body: route.body ? arbitraryOf(route.body) : fc.constant(undefined),
          key: idempotencyKey,
        });
        const token = tokens[role];
        let last: { input: Input; res: LightMyRequestResponse } | undefined;
        const property = fc.asyncProperty(input, async (i) => {
          const started = Date.now();
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: urlOf(route.path, i.params),
            query: Object.fromEntries(Object.entries(i.query).map(([k, v]) => [k, textOf(v)])),
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(i.key === undefined ? {} : { 'idempotency-key': i.key }),
              ...(i.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(i.body === undefined ? {} : { payload: JSON.stringify(i.body) }),
          });
          if (process.env.FUZZ_VERBOSE && Date.now() - started > 100) {
            // biome-ignore lint/suspicious/noConsole: opt-in report of slow inputs (FUZZ_VERBOSE=1)
            console.log(`slow ${Date.now() - started} ms ${res.statusCode} ${key} ${fc.stringify(i)}`);
          }
          if (res.statusCode >= 500) last = { input: i, res };
          return res.statusCode < 500;
        });
        const examples = (REGRESSIONS[key] ?? []).map((e): [Input] => [
          { params: {}, query: {}, body: undefined, key: undefined, ...e },
        ]);
        const numRuns = Math.min(CHUNK, RUNS - chunk * CHUNK);
        const seed = SEED === undefined ? undefined : SEED + chunk;
        const result = await fc.check(property, { numRuns, seed, examples: chunk === 0 ? examples : [] });
        const report = result.failed
          ? [
              `${key} as ${role}: ${last?.res.statusCode} ${last?.res.body.slice(0, 500)}`,
              `counterexample: ${fc.stringify(result.counterexample)}`,
              `replay: FUZZ_SEED=${result.seed - chunk} FUZZ_RUNS=${RUNS} FUZZ_ROUTE='${key.split(' ')[1]}' (path ${result.counterexamplePath})`,
              ...(result.errorInstance ? [`error: ${String(result.errorInstance)}`] : []),
            ].join('\n')
          : '';
        expect(report, report).toBe('');
      },
      Math.max(30_000, CHUNK * 300),
    );
  });
}
