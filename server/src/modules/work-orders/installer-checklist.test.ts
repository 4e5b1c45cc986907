import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let installer: string;
beforeAll(async () => {
  t = await createTestApp();
  installer = await t.login('installer');
});
afterAll(() => t.close());

const read = (id: number, token = installer) =>
  t.request({ method: 'GET', url: `/api/installer/work-orders/${id}/checklist`, token });

describe('GET /api/installer/work-orders/:WOId/checklist', () => {
  it('gives the install checklist of 100001 with its fields and their values', async () => {
    const res = await read(100001);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ WorkOrderID: 100001, form: { title: 'Install checklist' }, isComplete: false });
    const names = body.fields.map((f: { name: string }) => f.name);
    expect(names).toEqual(
      expect.arrayContaining(['nYardSignPlaced', 'nAdditionalRooms', 'vcLightSignalStrength', 'txtSpeedTestURL']),
    );
  });

  it('shows what was saved, as people read it', async () => {
    await t.db.db
      .insertInto('checklists')
      .values({
        work_order_id: 100003,
        template: 'site-survey',
        data: JSON.stringify({ vcONT: 'Outdoor', nSprinkler: 1, vcSecNum: 'S-12' }),
        arrival_onsite: '2026-11-20T14:00:00.000Z',
        work_complete: null,
        notes: 'Dog in the yard',
        updated_by: 5,
        updated_at: '2026-11-20T15:00:00.000Z',
      })
      .execute();
    const body = (await read(100003)).json();
    expect(body.form.title).toBe('Site survey checklist');
    expect(body.txtNotes).toBe('Dog in the yard');
    const value = (name: string) => body.fields.find((f: { name: string }) => f.name === name)?.value;
    expect(value('vcSecNum')).toBe('S-12');
    expect(value('nSprinkler')).toMatch(/^yes$/i);
  });

  it('says no template is known for a view file no checklist knows', async () => {
    const legacy = await t.db.db
      .selectFrom('work_order_types')
      .select('id')
      .where('view_file', '=', 'legacy_pole_audit')
      .executeTakeFirstOrThrow();
    await t.db.db.updateTable('work_orders').set({ type_id: legacy.id }).where('id', '=', 100004).execute();
    const body = (await read(100004)).json();
    expect(body).toMatchObject({ form: null, vcViewFile: 'legacy_pole_audit', fields: [] });
  });

  it('refuses a contractor company’s work order, an unknown one, and other roles', async () => {
    expect((await read(110001)).statusCode).toBe(403);
    expect((await read(999999)).statusCode).toBe(404);
    for (const username of ['contractor', 'residential', 'staff']) {
      expect((await read(100001, await t.login(username))).statusCode).toBe(403);
    }
  });
});

describe('the installer fills in the install checklist, and Complete install needs its required fields (issue 27)', () => {
  const save = (id: number, payload: Record<string, unknown>, token = installer) =>
    t.request({ method: 'PUT', url: `/api/installer/work-orders/${id}/checklist`, token, payload });
  const complete = (id: number) =>
    t.request({
      method: 'POST',
      url: `/api/installer/work-orders/${id}/complete`,
      token: installer,
      payload: { assetsMovedConfirmed: true },
    });

  it('refuses to complete while Light signal strength and Speed test URL are empty, naming them', async () => {
    const before = (await read(100001)).json();
    expect(before).toMatchObject({ canEdit: true, missingToComplete: ['Light signal strength', 'Speed test URL'] });
    const refused = await complete(100001);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.message).toBe(
      'Fill in the checklist before completing the install: Light signal strength, Speed test URL.',
    );
    expect(Object.keys(refused.json().error.fields)).toEqual(['vcLightSignalStrength', 'txtSpeedTestURL']);
  });

  it('saves the assigned installer’s fields (bad input: 400 naming the field), then completes', async () => {
    const bad = await save(100001, { data: { txtSpeedTestURL: 'not a url' }, tsArrivalOnsite: null });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('txtSpeedTestURL');
    const saved = await save(100001, {
      data: {
        vcLightSignalStrength: '-18.2 dBm',
        txtSpeedTestURL: 'https://speed.example.test/r/1',
        nYardSignPlaced: 1,
      },
      tsArrivalOnsite: null,
      txtNotes: 'Dog kept inside',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ missingToComplete: [], txtNotes: 'Dog kept inside', isComplete: false });
    const value = (name: string) => saved.json().fields.find((f: { name: string }) => f.name === name)?.value;
    expect(value('vcLightSignalStrength')).toBe('-18.2 dBm');
    const done = await complete(100001);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ isComplete: true, canEdit: false });
  });

  it('refuses a work order not assigned to the installer, a contractor company’s one, an unknown one and other roles', async () => {
    const body = { data: { vcLightSignalStrength: '-18 dBm' }, tsArrivalOnsite: null };
    const notMine = await save(100006, body);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error.message).toContain('assigned');
    expect((await save(110001, body)).statusCode).toBe(403);
    expect((await save(999999, body)).statusCode).toBe(404);
    for (const username of ['contractor', 'residential', 'staff']) {
      expect((await save(100002, body, await t.login(username))).statusCode).toBe(403);
    }
  });
});
