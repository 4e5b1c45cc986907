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
