/**
 * The authorization matrix (authorization-matrix.ts) against the running app: every route of the OpenAPI document,
 * every demo role, with the role's own ids and with another owner's. One test per route; a failure lists every
 * role whose answer differs from its row, and a foreign id answered 2xx is called a leak.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/harness.js';
import { MATRIX, type Outcome, ROLES, type Role, type Row, WHO } from './authorization-matrix.js';
import { arbitraryOf } from './json-schema-arbitrary.js';
import { idFor, UNKNOWN_ID } from './matrix-ids.js';
import { type ApiRoute, urlOf } from './openapi-routes.js';
import { useSecurityApp } from './security-app.js';

const app = useSecurityApp(ROLES);
let t: TestApp;
let routes: Map<string, ApiRoute>;
let tokens: Partial<Record<Role, string>>;
beforeAll(() => {
  ({ t, routes, tokens } = app);
});

const rowKeys = Object.keys(MATRIX);
// Rows that remove records run after the others, the deepest paths first (a contact's links before the contact).
const ordered = [
  ...rowKeys.filter((k) => !MATRIX[k]?.last),
  ...rowKeys.filter((k) => MATRIX[k]?.last).sort((a, b) => b.length - a.length),
];

function allowed(expected: Outcome, status: number, hasParams: boolean): boolean {
  if (expected === 'ok') return status < 500 && status !== 401 && status !== 403 && !(hasParams && status === 404);
  if (expected === 'none') return status >= 400 && status < 500 && status !== 401;
  return status === expected;
}

let keySeq = 0;

async function runCase(route: ApiRoute, row: Row, role: Role, side: 'own' | 'foreign') {
  const who = WHO[role][side];
  const ids: Record<string, string | number> = {};
  let unknown = false;
  const joint = row.params ? await row.params(t.db.db, who) : {};
  for (const name of Object.keys(route.params)) {
    const shared = row.shared?.[name];
    if (shared !== undefined) {
      ids[name] = shared;
      continue;
    }
    const id = name in joint ? joint[name] : await idFor(t.db.db, name, who, route.path);
    if (id === undefined) unknown = true;
    ids[name] = id ?? UNKNOWN_ID;
  }
  const declared = row[side][role];
  // A role that owns no such record asks for an unknown id: any refusal but 401, unless refused before the lookup.
  const expected: Outcome = unknown && declared !== 401 && declared !== 400 ? 'none' : declared;
  const body = row.bodyFor
    ? await row.bodyFor(t.db.db, who)
    : (row.body ?? (route.body ? fc.sample(arbitraryOf(route.body, 'valid'), { seed: 7, numRuns: 1 })[0] : undefined));
  const token = tokens[role];
  const res = await t.app.inject({
    method: route.method as 'GET',
    url: urlOf(route.path, ids),
    query: row.query,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(route.method === 'GET' ? {} : { 'idempotency-key': `matrix-${++keySeq}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const hasParams = Object.keys(route.params).length > 0;
  const status = res.statusCode;
  if (process.env.MATRIX_VERBOSE) {
    // biome-ignore lint/suspicious/noConsole: opt-in listing of every case (MATRIX_VERBOSE=1)
    console.log(`${status} ${expected} ${role} ${side} ${route.method} ${urlOf(route.path, ids)}`);
  }
  const where = `${role} ${side}${unknown ? ' (owns none: unknown id)' : ''} ${route.method} ${urlOf(route.path, ids)}`;
  if (side === 'foreign' && !unknown && status >= 200 && status < 300 && declared !== 'ok') {
    return `LEAK: ${where} answered ${status} (expected ${expected}): ${res.body.slice(0, 200)}`;
  }
  if (status >= 500) return `${where}: ${status} server error: ${res.body.slice(0, 200)}`;
  if (!allowed(expected, status, hasParams))
    return `${where}: expected ${expected}, got ${status}: ${res.body.slice(0, 160)}`;
  return null;
}

/** A first guess at a new route's row, for the failure message. */
function suggestedRow(key: string): string {
  const [method = 'GET', path = ''] = key.split(' ');
  const prefix = /^\/api\/(customer|installer|contractor|staff|applicant)\//.exec(path)?.[1];
  const family = prefix === undefined ? 'signedIn' : prefix;
  return method === 'GET' || method === 'DELETE' ? `${family}()` : `${family}({ body: { /* a valid body */ } })`;
}

describe('authorization matrix', () => {
  it('has a row for every route of the OpenAPI document, and no row without a route', () => {
    const missing = [...routes.keys()].filter((k) => !MATRIX[k]);
    const stale = rowKeys.filter((k) => !routes.has(k));
    const help = [
      ...missing.map(
        (k) =>
          `route without a row: add to MATRIX in server/src/security/authorization-matrix.ts the line\n    '${k}': ${suggestedRow(k)},\n  with the family that says who may call it (open, signedIn, customer, business, installer, contractor, field, staff, applicant, ticketed) and its overrides`,
      ),
      ...stale.map(
        (k) =>
          `row without a route: remove '${k}' from server/src/security/authorization-matrix.ts (or fix its method/path)`,
      ),
    ];
    expect(help, help.join('\n')).toEqual([]);
  });

  it.each(ordered)('%s', async (key) => {
    const route = routes.get(key);
    const row = MATRIX[key];
    if (!route || !row) return; // reported by the coverage test above
    const failures: string[] = [];
    const hasOwned = Object.keys(route.params).some((p) => row.shared?.[p] === undefined);
    // Foreign ids first, while every record still exists; then the roles' own ids.
    if (hasOwned) for (const role of ROLES) failures.push((await runCase(route, row, role, 'foreign')) ?? '');
    for (const role of ROLES) failures.push((await runCase(route, row, role, 'own')) ?? '');
    const found = failures.filter(Boolean);
    expect(found, `${key}:\n  ${found.join('\n  ')}`).toEqual([]);
  });
});
