/**
 * The fax queue against the simulated carrier (a real HTTP service on a loopback port): queued -> sent, a busy line
 * retried with backoff, given up after FAX_MAX_ATTEMPTS, two workers at once, a worker that died mid-call, and a
 * carrier that does not answer. The simulator counts transmissions per call id: a fax is never sent twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaxGatewayUnavailable } from '../../integrations/fax/fax-gateway.js';
import { type FaxSimulator, startFaxSimulator } from '../../integrations/fax/fax-simulator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as } from '../customer-account/customer-test-helpers.js';
import { workFaxQueue } from './fax-outbox.jobs.js';
import { acmeFaxNumberId, sendFax } from './fax-test-helpers.js';

let t: TestApp;
let carrier: FaxSimulator;
let faxNumberId: number;
let token: string;
beforeAll(async () => {
  carrier = await startFaxSimulator({ host: '127.0.0.1', port: 0, delayMs: 30 });
  t = await createTestApp({
    FAX_GATEWAY_URL: `http://127.0.0.1:${carrier.port}`,
    FAX_MAX_ATTEMPTS: '2',
    FAX_RETRY_BASE_SECONDS: '60',
    FAX_CLAIM_TIMEOUT_SECONDS: '300',
  });
  faxNumberId = await acmeFaxNumberId(t);
  token = (await as(t, 'business')).token;
});
afterAll(async () => {
  await t.close();
  await carrier.close();
});

async function queue(to: string): Promise<number> {
  const res = await sendFax(t, { token, faxNumberId, to });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().SentFaxID;
}

const row = (id: number) => t.db.db.selectFrom('sent_faxes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const attempts = (id: number) =>
  t.db.db.selectFrom('sent_fax_attempts').selectAll().where('sent_fax_id', '=', id).orderBy('id').execute();
const transmissionsOf = (id: number) =>
  [...carrier.transmissions()].filter(([callId]) => callId.startsWith(`fax-${id}-`)).reduce((n, [, c]) => n + c, 0);

describe('the fax queue', () => {
  it('sends a queued fax: queued -> sent, one carrier call, transmitted once', async () => {
    const id = await queue('5735550150');
    const round = await workFaxQueue(t.ctx);
    expect(round).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, carrier_calls: 1, claim_token: null });
    expect((await row(id)).sent_at).toBe(t.clock.now.toISOString());
    expect((await attempts(id)).map((a) => [a.call_id, a.outcome])).toEqual([[`fax-${id}-1`, 'sent']]);
    expect(transmissionsOf(id)).toBe(1);
    // Nothing more to do: a second round claims nothing.
    expect((await workFaxQueue(t.ctx)).claimed).toBe(0);
  });

  it('retries a busy line once after the backoff, then sends it', async () => {
    const id = await queue('5735550113');
    expect(await workFaxQueue(t.ctx)).toMatchObject({ claimed: 1, retrying: 1 });
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, reason: 'The line was busy.', call_id: null });
    expect(waiting.next_attempt_at).toBe(new Date(t.clock.now.getTime() + 60_000).toISOString());
    // Not due yet.
    expect((await workFaxQueue(t.ctx)).claimed).toBe(0);
    t.clock.advanceSeconds(61);
    expect(await workFaxQueue(t.ctx)).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, carrier_calls: 2, reason: null });
    expect((await attempts(id)).map((a) => [a.call_id, a.outcome])).toEqual([
      [`fax-${id}-1`, 'busy'],
      [`fax-${id}-2`, 'sent'],
    ]);
    const listed = (await (await as(t, 'business')).call('GET', '/api/customer/services/fax/outbox')).json();
    expect(listed.faxes.find((f: { SentFaxID: number }) => f.SentFaxID === id)).toMatchObject({ retried: true });
  });

  it('gives up after FAX_MAX_ATTEMPTS busy tries (retried once), with the reason; the customer can send it again', async () => {
    const id = await queue('5735550111');
    await workFaxQueue(t.ctx);
    t.clock.advanceSeconds(61);
    expect(await workFaxQueue(t.ctx)).toMatchObject({ claimed: 1, failed: 1 });
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 2, next_attempt_at: null });
    expect(failed.reason).toBe('The line was busy. Gave up after 2 tries.');
    // A failed fax is not tried again by the queue, however long it waits.
    t.clock.advanceSeconds(300);
    expect((await workFaxQueue(t.ctx)).claimed).toBe(0);
    // Sent again by the customer: a new round with new call ids.
    const retry = await (await as(t, 'business')).call('POST', `/api/customer/services/fax/outbox/${id}/retry`);
    expect(retry.statusCode).toBe(200);
    await workFaxQueue(t.ctx);
    expect((await attempts(id)).map((a) => a.call_id)).toEqual([`fax-${id}-1`, `fax-${id}-2`, `fax-${id}-3`]);
  });

  it('fails a voice line at once, without retrying', async () => {
    const id = await queue('5735550114');
    expect(await workFaxQueue(t.ctx)).toMatchObject({ failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await row(id)).reason).toMatch(/not a fax machine/);
  });

  it('two workers at once send each fax exactly once', async () => {
    const ids = [await queue('5735550151'), await queue('5735550152'), await queue('5735550153')];
    const rounds = await Promise.all([workFaxQueue(t.ctx), workFaxQueue(t.ctx), workFaxQueue(t.ctx)]);
    expect(rounds.reduce((n, r) => n + r.claimed, 0)).toBe(3);
    for (const id of ids) {
      expect(await row(id)).toMatchObject({ status: 'sent', carrier_calls: 1 });
      expect(await attempts(id)).toHaveLength(1);
      expect(transmissionsOf(id)).toBe(1);
      expect(carrier.received().filter((c) => c.startsWith(`fax-${id}-`))).toHaveLength(1);
    }
  });

  it('a worker that died mid-call: the claim is released and the same call id asked again, never sent twice', async () => {
    const id = await queue('5735550154');
    const callId = `fax-${id}-1`;
    // The dead worker had claimed it and the carrier transmitted the fax, but the answer never got back.
    await t.ctx.fax.send({ callId, from: '5735550188', to: '5735550154', attempt: 1, pages: 1, documents: [] });
    const claimedAt = new Date(t.clock.now.getTime() - 301_000).toISOString();
    await t.db.db
      .updateTable('sent_faxes')
      .set({
        status: 'sending',
        claim_token: 'dead-worker',
        claimed_at: claimedAt,
        call_id: callId,
        attempts: 1,
        carrier_calls: 1,
      })
      .where('id', '=', id)
      .execute();
    expect(await workFaxQueue(t.ctx)).toMatchObject({ released: 1, claimed: 1, sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', carrier_calls: 1 });
    expect(transmissionsOf(id)).toBe(1);
    expect(carrier.received().filter((c) => c === callId)).toHaveLength(2);
    // The dead worker's late end does nothing: the claim is not its own any more.
    expect(
      await t.db.db
        .updateTable('sent_faxes')
        .set({ status: 'failed' })
        .where('id', '=', id)
        .where('claim_token', '=', 'dead-worker')
        .executeTakeFirst()
        .then((r) => Number(r.numUpdatedRows)),
    ).toBe(0);
  });

  it('a carrier that does not answer: the fax waits with its call id and the next try asks about the same call', async () => {
    const id = await queue('5735550155');
    const real = t.ctx.fax;
    t.ctx.fax = {
      send: async () => {
        throw new FaxGatewayUnavailable('down');
      },
    };
    try {
      expect(await workFaxQueue(t.ctx)).toMatchObject({ claimed: 1, unknown: 1 });
    } finally {
      t.ctx.fax = real;
    }
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'queued', call_id: `fax-${id}-1`, attempts: 1, carrier_calls: 1 });
    expect(waiting.reason).toMatch(/carrier did not answer/);
    t.clock.advanceSeconds(61);
    expect(await workFaxQueue(t.ctx)).toMatchObject({ sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', carrier_calls: 1 });
    expect((await attempts(id)).map((a) => [a.call_id, a.outcome])).toEqual([
      [`fax-${id}-1`, 'error'],
      [`fax-${id}-1`, 'sent'],
    ]);
    expect(transmissionsOf(id)).toBe(1);
  });

  it('a fax queued to a premium-rate or international-rate number (before the rule) fails without a call', async () => {
    const premium = await queue('5735550156');
    const caribbean = await queue('5735550157');
    // Queued before destinations were checked (or before the account's international faxing was turned off).
    await t.db.db.updateTable('sent_faxes').set({ to_number: '9005550199' }).where('id', '=', premium).execute();
    await t.db.db.updateTable('sent_faxes').set({ to_number: '8765550199' }).where('id', '=', caribbean).execute();
    const calls = carrier.received().length;
    expect(await workFaxQueue(t.ctx)).toMatchObject({ claimed: 2, failed: 2, sent: 0 });
    expect(carrier.received()).toHaveLength(calls);
    expect(await row(premium)).toMatchObject({ status: 'failed' });
    expect((await row(premium)).reason).toMatch(/^Not sent: Fax number 900-555-0199 is a premium-rate/);
    expect((await row(caribbean)).reason).toMatch(/^Not sent: Fax number 876-555-0199 is in Jamaica, an international/);
    // Sending it again is refused too, naming the number.
    const retry = await (await as(t, 'business')).call('POST', `/api/customer/services/fax/outbox/${caribbean}/retry`);
    expect(retry.statusCode).toBe(400);
    expect(retry.json().error.fields.to).toMatch(/international call/);
    expect(await row(caribbean)).toMatchObject({ status: 'failed' });
  });
});
