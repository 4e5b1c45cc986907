/**
 * The app the authorization matrix and the fuzzer run against: demo data, the simulated OLT and TV middleware on
 * loopback (so the circuit and TV credential routes answer like any other), the routes of the OpenAPI document, and a token for each role asked for.
 * Registers its own beforeAll/afterAll; read the fields inside tests and hooks.
 */
import { afterAll, beforeAll } from 'vitest';
import type { OltSimulator } from '../integrations/network/olt-simulator.js';
import { startTvSimulator, type TvSimulator } from '../integrations/tv/tv-simulator.js';
import { BUSINESS, superUser } from '../modules/customer-account/customer-test-helpers.js';
import { createTestApp, DEMO_PASSWORD, startTestOlt, type TestApp } from '../test/harness.js';
import type { Role } from './authorization-matrix.js';
import { type ApiRoute, apiRoutes } from './openapi-routes.js';

export interface SecurityApp {
  t: TestApp;
  routes: Map<string, ApiRoute>;
  tokens: Partial<Record<Role, string>>;
}

async function tokenOf(t: TestApp, role: Role): Promise<string | undefined> {
  if (role === 'anonymous') return undefined;
  if (role === 'garbage') return 'not-a-token.at-all.really';
  if (role === 'superuser') return (await superUser(t, BUSINESS)).token;
  if (role === 'applicant') {
    const res = await t.request({
      method: 'POST',
      url: '/api/applicant/login',
      payload: { username: 'applicant', code: DEMO_PASSWORD },
    });
    return res.json<{ token: string }>().token;
  }
  return t.login(role);
}

export function useSecurityApp(roles: readonly Role[]): SecurityApp {
  const app = { tokens: {} } as SecurityApp;
  let olt: OltSimulator | undefined;
  let tv: TvSimulator | undefined;
  beforeAll(async () => {
    const started = await startTestOlt();
    olt = started.olt;
    tv = await startTvSimulator({ host: '127.0.0.1', port: 0 });
    app.t = await createTestApp({ ...started.env, TV_MIDDLEWARE_URL: `http://127.0.0.1:${tv.port}` });
    app.routes = new Map((await apiRoutes(app.t.app)).map((r) => [r.key, r]));
    for (const role of roles) app.tokens[role] = await tokenOf(app.t, role);
  });
  afterAll(async () => {
    await app.t?.close();
    await olt?.close();
    await tv?.close();
  });
  return app;
}
