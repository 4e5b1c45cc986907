/** The push job against the simulated phone switch (on a loopback port, on the test's clock). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SwitchSimulator, startSwitchSimulator } from '../../integrations/phone-switch/switch-simulator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS } from '../customer-account/customer-test-helpers.js';
import { pushAuthCodes } from './auth-codes.jobs.js';
import * as repo from './auth-codes.repository.js';
import { switchRef } from './auth-codes.service.js';

let t: TestApp;
let sw: SwitchSimulator;
const API_KEY = 'test-switch-key';

beforeAll(async () => {
  const clock = { now: () => t?.clock.now.getTime() ?? Date.now() };
  sw = await startSwitchSimulator({ port: 0, apiKey: API_KEY, confirmDelayMs: 2000, now: clock.now });
  t = await createTestApp({ PHONE_SWITCH_URL: `http://127.0.0.1:${sw.port}`, PHONE_SWITCH_API_KEY: API_KEY });
});
afterAll(async () => {
  await t.close();
  await sw.close();
});

const row = (id: number) => t.db.db.selectFrom('auth_codes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const add = async (description: string) => {
  const res = await (await as(t, 'network')).call('POST', '/api/staff/auth-codes', {
    vcCustomerID: BUSINESS,
    description,
    classOfService: 'long_distance',
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ authCode: { AuthCodeID: number }; code: string }>();
};
const status = async (id: number) =>
  (await (await as(t, 'network')).call('GET', `/api/staff/auth-codes/${id}`)).json<{
    status: string;
    waitingForSwitch: boolean;
    lastError: string | null;
  }>();
/** Runs rounds until nothing is due now (the pushes of other tests' codes included). */
const drain = async () => {
  for (let i = 0; i < 10; i += 1) if ((await pushAuthCodes(t.ctx)).claimed === 0) return;
};

describe('auth-code push job', () => {
  it('pushes a new code, keeps it pending until the switch confirms, then makes it active', async () => {
    const { authCode, code } = await add('Pushed code');
    await drain();
    const ref = switchRef(authCode.AuthCodeID);
    expect(sw.entries.get(ref)).toMatchObject({ code, account: BUSINESS, classOfService: 'long_distance' });
    expect(await status(authCode.AuthCodeID)).toMatchObject({ status: 'pending', waitingForSwitch: true });
    expect((await row(authCode.AuthCodeID)).push_action).toBe('confirm');
    t.clock.advanceSeconds(1);
    await drain();
    expect((await status(authCode.AuthCodeID)).status).toBe('pending');
    t.clock.advanceSeconds(2);
    await drain();
    expect(await status(authCode.AuthCodeID)).toMatchObject({ status: 'active', waitingForSwitch: false });
    const stored = await row(authCode.AuthCodeID);
    expect(stored.confirmed_at).not.toBeNull();
    expect(stored.push_action).toBeNull();
  });

  it('retries with back-off when the switch does not answer, then succeeds', async () => {
    const { authCode } = await add('Switch busy');
    sw.failNext(1);
    const first = await pushAuthCodes(t.ctx);
    expect(first.retrying).toBe(1);
    let stored = await row(authCode.AuthCodeID);
    expect(stored).toMatchObject({ push_attempts: 1, push_action: 'provision', status: 'pending' });
    expect(stored.last_error).toMatch(/503/);
    expect(Date.parse(stored.next_push_at ?? '') - t.clock.now.getTime()).toBe(5000);
    // Not due yet: nothing is sent.
    expect((await pushAuthCodes(t.ctx)).claimed).toBe(0);
    t.clock.advanceSeconds(5);
    await drain();
    t.clock.advanceSeconds(3);
    await drain();
    stored = await row(authCode.AuthCodeID);
    expect(stored).toMatchObject({ status: 'active', push_action: null, push_attempts: 0, last_error: null });
  });

  it('fails a code the switch refuses, with its reason, and pushes it again on retry', async () => {
    const { authCode } = await add('Refused code');
    sw.refuseNext('International calling is not enabled on trunk group 4.');
    const round = await pushAuthCodes(t.ctx);
    expect(round.failed).toBe(1);
    expect(await status(authCode.AuthCodeID)).toMatchObject({
      status: 'failed',
      waitingForSwitch: false,
      lastError: 'The phone switch refused it: International calling is not enabled on trunk group 4.',
    });
    const retried = await (await as(t, 'network')).call('POST', `/api/staff/auth-codes/${authCode.AuthCodeID}/retry`);
    expect(retried.json().status).toBe('pending');
    await drain();
    t.clock.advanceSeconds(3);
    await drain();
    expect((await status(authCode.AuthCodeID)).status).toBe('active');
  });

  it('gives up after the last try, saying so', async () => {
    const { authCode } = await add('Switch down');
    sw.failNext(1000);
    for (let i = 0; i < 10; i += 1) {
      await pushAuthCodes(t.ctx);
      t.clock.advanceSeconds(3600);
    }
    sw.failNext(0);
    const now = await status(authCode.AuthCodeID);
    expect(now.status).toBe('failed');
    expect(now.lastError).toMatch(/Gave up after 8 tries/);
  });

  it('pushes a suspension and a removal to the switch', async () => {
    const { authCode } = await add('Suspend me');
    await drain();
    t.clock.advanceSeconds(3);
    await drain();
    const ref = switchRef(authCode.AuthCodeID);
    expect(sw.entries.get(ref)?.state).toBe('active');
    const net = await as(t, 'network');
    await net.call('PATCH', `/api/staff/auth-codes/${authCode.AuthCodeID}`, { status: 'suspended' });
    await drain();
    expect(sw.entries.get(ref)).toMatchObject({ enabled: false, state: 'suspended' });
    expect(await status(authCode.AuthCodeID)).toMatchObject({ status: 'suspended', waitingForSwitch: false });
    expect((await net.call('DELETE', `/api/staff/auth-codes/${authCode.AuthCodeID}`)).statusCode).toBe(204);
    expect((await status(authCode.AuthCodeID)).status).toBe('removing');
    await drain();
    expect(sw.entries.has(ref)).toBe(false);
    expect(await row(authCode.AuthCodeID)).toMatchObject({ status: 'removed', code: null, push_action: null });
  });

  it('never pushes one code from two instances at once', async () => {
    const added = [await add('Race 1'), await add('Race 2'), await add('Race 3')];
    const [a, b] = await Promise.all([pushAuthCodes(t.ctx), pushAuthCodes(t.ctx)]);
    expect(a.claimed + b.claimed).toBe(3);
    for (const { authCode } of added) expect(sw.entries.has(switchRef(authCode.AuthCodeID))).toBe(true);
  });

  it('does not let a push that raced a staff change overwrite it', async () => {
    const { authCode } = await add('Raced edit');
    const id = authCode.AuthCodeID;
    const now = t.clock.now.toISOString();
    expect(
      await repo.claimPush(t.db.db, id, 'claim-1', now, new Date(t.clock.now.getTime() + 60_000).toISOString()),
    ).toBe(true);
    // A second instance cannot take it meanwhile.
    expect(await repo.claimPush(t.db.db, id, 'claim-2', now, now)).toBe(false);
    const claimed = await repo.claimedForPush(t.db.db, id, 'claim-1');
    await (await as(t, 'network')).call('PATCH', `/api/staff/auth-codes/${id}`, { classOfService: 'international' });
    const recorded = await repo.finishPush(t.db.db, id, 'claim-1', claimed?.version ?? -1, { push_action: 'confirm' });
    expect(recorded).toBe(false);
    expect(await row(id)).toMatchObject({
      push_action: 'provision',
      push_claim: null,
      class_of_service: 'international',
    });
  });
});
