import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_HAS_NAME_MESSAGE } from '../../lib/passwords.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.js';
import { RECOVERY_SENT } from './recovery.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_USER: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' });
});
afterAll(() => t.close());

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });

describe('POST /api/auth/recovery and /api/auth/reset', () => {
  it('answers the same for an unknown user and sends no mail', async () => {
    const before = t.mail.length;
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/recovery',
      payload: { identifier: 'nobody-at-all' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(RECOVERY_SENT);
    await t.drainMail();
    expect(t.mail.length).toBe(before);
  });

  it('mails a one-time link that sets a new password and then stops working', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/recovery', payload: { identifier: 'consumer' } });
    expect(res.json().message).toBe(RECOVERY_SENT);
    await t.drainMail();
    const mail = t.mail.at(-1);
    const token = mail?.text.match(/accountRecovery\?token=([\w-]+)/)?.[1];
    expect(mail?.text).toContain('http://portal.test/accountRecovery?token=');
    expect(token).toBeTruthy();
    const reset = () =>
      t.request({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'brand-new-password' } });
    expect((await reset()).statusCode).toBe(200);
    expect((await login('consumer', 'brand-new-password')).statusCode).toBe(200);
    expect((await login('consumer', DEMO_PASSWORD, '10.0.3.1')).statusCode).toBe(401);
    const again = await reset();
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toHaveProperty('token');
  });

  it('refuses an expired link', async () => {
    await t.request({ method: 'POST', url: '/api/auth/recovery', payload: { identifier: 'installer' } });
    await t.drainMail();
    const token = t.mail.at(-1)?.text.match(/token=([\w-]+)/)?.[1];
    t.clock.advanceSeconds(3601);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { token, password: 'another-new-one' },
    });
    expect(res.statusCode).toBe(400);
    expect((await login('installer', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('recovery links and the mail queue', () => {
  const recover = (identifier: string) =>
    t.request({ method: 'POST', url: '/api/auth/recovery', payload: { identifier } });
  const tokenOf = (text = '') => text.match(/accountRecovery\?token=([\w-]+)/)?.[1];

  it('answers before anything is looked up or mailed, then mails from the queue exactly once', async () => {
    const before = t.mail.length;
    const res = await recover('business-billing');
    expect(res.statusCode).toBe(202);
    expect(t.mail.length).toBe(before);
    await Promise.all([t.drainMail(), t.drainMail()]);
    await t.drainMail();
    expect(t.mail.length).toBe(before + 1);
  });

  it('retires an older link when a newer one is sent', async () => {
    await recover('consumer');
    await t.drainMail();
    const older = tokenOf(t.mail.at(-1)?.text);
    await recover('consumer');
    await t.drainMail();
    const newer = tokenOf(t.mail.at(-1)?.text);
    expect(newer).not.toBe(older);
    const use = (token?: string) =>
      t.request({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'another-fresh-secret' } });
    expect((await use(older)).statusCode).toBe(400);
    expect((await use(newer)).statusCode).toBe(200);
  });

  it('refuses a new password that is common or contains the user name', async () => {
    await recover('contractor');
    await t.drainMail();
    const token = tokenOf(t.mail.at(-1)?.text);
    const reset = (password: string) =>
      t.request({ method: 'POST', url: '/api/auth/reset', payload: { token, password } });
    expect((await reset('1234567890')).json().error.fields.password).toBe(COMMON_PASSWORD_MESSAGE);
    expect((await reset('my-contractor-pw')).json().error.fields.password).toBe(PASSWORD_HAS_NAME_MESSAGE);
    expect((await reset('granite-lantern-42')).statusCode).toBe(200);
  });
});
