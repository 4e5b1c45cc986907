import { estimateDropLengthFt } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/demo-ids.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const estimate = async (user: string, workOrderId: number) =>
  t.request({
    method: 'GET',
    url: `/api/work-orders/${workOrderId}/estimated-drop-length`,
    token: await t.login(user),
  });

describe('GET /api/work-orders/{WOId}/estimated-drop-length (getEstimatedDropLength)', () => {
  it('measures from the service location to the nearest pedestal or hand hole, and suggests a drop length', async () => {
    const res = await estimate('installer', DEMO.workOrders.fullInstall);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.vcStructureType).toMatch(/Pedestal|Hand Hole/);
    expect(body.nStraightLineFt).toBeGreaterThan(0);
    expect(body.nEstimatedDropLengthFt).toBe(estimateDropLengthFt(body.nStraightLineFt));
    expect(body.message).toBe(
      `Estimated from the map: ${body.nEstimatedDropLengthFt} ft (${body.vcStructureType} ${body.vcStructureId}, ${body.nStraightLineFt} ft away in a straight line).`,
    );
  });

  it('serves a contractor its company’s work order, and refuses another company’s', async () => {
    const own = DEMO.contractorWorkOrders.company2OpenByType['Connectorized Install'] ?? 0;
    expect((await estimate('contractor', own)).statusCode).toBe(200);
    expect((await estimate('contractor', DEMO.contractorWorkOrders.company1[0] ?? 0)).statusCode).toBe(403);
    expect((await estimate('residential', own)).statusCode).toBe(403);
    expect((await estimate('installer', 9_999_999)).statusCode).toBe(404);
  });

  it('says so plainly when no splice point is near enough', async () => {
    const saved = await t.db.db.selectFrom('map_features').selectAll().where('layer_id', '=', 9).execute();
    await t.db.db.deleteFrom('map_features').where('layer_id', '=', 9).execute();
    try {
      const body = (await estimate('installer', DEMO.workOrders.fullInstall)).json();
      expect(body).toMatchObject({ nEstimatedDropLengthFt: null, vcStructureId: null });
      expect(body.message).toBe('No splice point on the map within 2,000 ft.');
    } finally {
      await t.db.db.insertInto('map_features').values(saved).execute();
    }
  });
});
