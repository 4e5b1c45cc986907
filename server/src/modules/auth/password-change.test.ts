import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../lib/passwords.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.js';
import { superUser } from '../customer-account/customer-test-helpers.js';
import { WRONG_CURRENT_PASSWORD } from './password-change.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_USER: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' });
});
afterAll(() => t.close());

const change = (token: string | undefined, payload: Record<string, string>) =>
  t.request({ method: 'PUT', url: '/api/auth/password', token, payload, remoteAddress: '10.0.9.1' });
/** A change from the demo password to `newPassword`, confirmed with `confirm` (the same unless given). */
const changeFromDemo = (token: string, newPassword: string, confirm = newPassword) =>
  change(token, { currentPassword: DEMO_PASSWORD, newPassword, confirmPassword: confirm });
const login = (username: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: '10.0.9.2' });
const accountOf = (token: string) => t.request({ method: 'GET', url: '/api/customer/account', token });

describe('PUT /api/auth/password', () => {
  it('changes the password, ends the other sessions, keeps this one and mails the user', async () => {
    const here = await t.login('consumer');
    const elsewhere = await t.login('consumer');
    const res = await changeFromDemo(here, 'connor-new-secret-9');
    expect(res.statusCode).toBe(200);
    expect((await accountOf(here)).statusCode).toBe(200);
    expect((await accountOf(elsewhere)).statusCode).toBe(401);
    expect((await login('consumer', 'connor-new-secret-9')).statusCode).toBe(200);
    expect((await login('consumer', DEMO_PASSWORD)).statusCode).toBe(401);
    expect(t.mail.at(-1)).toMatchObject({ subject: expect.stringMatching(/your password was changed$/) });
  });

  it('refuses a wrong current password with a field error, and counts it like a sign-in', async () => {
    const token = await t.login('business-billing');
    const wrong = () =>
      change(token, {
        currentPassword: 'not-my-password',
        newPassword: 'bill-new-pass-77',
        confirmPassword: 'bill-new-pass-77',
      });
    for (let i = 0; i < 3; i += 1) {
      const res = await wrong();
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD });
    }
    const limited = await wrong();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/Too many failed password attempts/);
    // Nothing changed: the old password still signs in, the session is still open.
    expect((await login('business-billing', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await accountOf(token)).statusCode).toBe(200);
  });

  it('holds the new password to the registration rules and the confirmation to the new one', async () => {
    const token = await t.login('residential');
    const weak = await changeFromDemo(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.newPassword).toMatch(/at least/);
    const common = await changeFromDemo(token, 'password123');
    expect(common.json().error.fields.newPassword).toBe(COMMON_PASSWORD_MESSAGE);
    const mismatch = await changeFromDemo(token, 'rhonda-new-pass-1', 'rhonda-new-pass-2');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields.confirmPassword).toBe('The two passwords do not match.');
    const same = await changeFromDemo(token, DEMO_PASSWORD);
    expect(same.json().error.fields).toHaveProperty('newPassword');
    expect((await login('residential', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('is refused without a session and in a super-user session', async () => {
    const body = {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'taken-over-pass-1',
      confirmPassword: 'taken-over-pass-1',
    };
    expect((await change(undefined, body)).statusCode).toBe(401);
    const staff = await superUser(t, '1000-3000-0001');
    expect((await staff.call('PUT', '/api/auth/password', body)).statusCode).toBe(403);
  });
});
