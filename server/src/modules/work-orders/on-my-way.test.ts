import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let installer: string;
beforeAll(async () => {
  t = await createTestApp();
  installer = await t.login('installer');
});
afterAll(() => t.close());

const W = DEMO.workOrders;
const url = (id: number) => `/api/installer/work-orders/${id}/on-my-way`;
const send = (id: number, token = installer) => t.request({ method: 'POST', url: url(id), token });
const notices = (id: number) =>
  t.db.db
    .selectFrom('notification_outbox')
    .select(['event_type', 'channel', 'customer_id', 'payload'])
    .where('event_type', '=', 'appointment.on_the_way')
    .where('dedupe_key', 'like', `%|work-order:${id}:%`)
    .execute();

describe('POST /api/installer/work-orders/:WOId/on-my-way (issue 27)', () => {
  it('tells the customer through the notifications service, audits it, and a repeated tap sends nothing', async () => {
    const before = await t.request({ method: 'GET', url: url(W.fullInstall), token: installer });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ sentAt: null, alreadySent: false });

    const first = await send(W.fullInstall);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ alreadySent: false, sentAt: expect.any(String) });
    const sent = await notices(W.fullInstall);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((n) => n.customer_id === DEMO.customers.residential)).toBe(true);
    expect(sent.map((n) => n.channel)).toContain('in_app');
    expect(JSON.parse(sent[0]?.payload ?? '{}').body).toBe(
      'Your technician is on the way to 2208 Clark Ln, Columbia, MO 65202.',
    );

    const again = await send(W.fullInstall);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ sentAt: first.json().sentAt, alreadySent: true });
    expect((await notices(W.fullInstall)).length).toBe(sent.length);

    const audited = await t.db.db
      .selectFrom('audit_log')
      .select(['user_id', 'subject_type', 'subject_id', 'customer_id'])
      .where('action', '=', 'installer.on_my_way')
      .execute();
    expect(audited).toEqual([
      {
        user_id: DEMO.users.installer.id,
        subject_type: 'work_order',
        subject_id: String(W.fullInstall),
        customer_id: DEMO.customers.residential,
      },
    ]);
    const state = await t.request({ method: 'GET', url: url(W.fullInstall), token: installer });
    expect(state.json()).toEqual({ sentAt: first.json().sentAt, alreadySent: true });
  });

  it('refuses a work order not assigned to the installer, a contractor company’s one, an unknown one and other roles', async () => {
    const notMine = await send(W.otherInstallers);
    expect(notMine.statusCode, notMine.body).toBe(403);
    expect(notMine.json().error.message).toContain('assigned');
    expect(await notices(W.otherInstallers)).toEqual([]);
    const companys = DEMO.contractorWorkOrders.company1[0] ?? 0;
    expect((await send(companys)).statusCode).toBe(403);
    expect((await send(999_999_999)).statusCode).toBe(404);
    for (const who of ['contractor', 'residential', 'dispatcher'] as const) {
      expect((await send(W.fullInstall, await t.login(who))).statusCode, who).toBe(403);
    }
  });
});
