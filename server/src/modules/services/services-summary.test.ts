import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const summaryOf = async (username: string) => (await as(t, username)).call('GET', '/api/customer/services/summary');

describe('GET /api/customer/services/summary', () => {
  it('says which services each demo account has: Acme has all three, Rhonda no fax and no TV', async () => {
    const acme = await summaryOf('business');
    expect(acme.statusCode).toBe(200);
    expect(acme.json()).toEqual({ email: true, fax: true, tv: true });
    const rhonda = (await summaryOf('residential')).json();
    expect(rhonda).toMatchObject({ fax: false, tv: false });
  });

  it('answers the session’s account only, with the Services permission', async () => {
    expect((await summaryOf('business-billing')).statusCode).toBe(403);
    expect((await summaryOf('installer')).statusCode).toBe(403);
  });
});
