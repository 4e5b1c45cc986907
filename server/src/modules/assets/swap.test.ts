/** ONT swap and upgrade: data, success, and all-or-nothing rollback when a circuit cannot be placed. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let installer: string;
const W = DEMO.workOrders;
const WO = `/api/installer/work-orders/${W.fullInstall}`;
const LOC = DEMO.serviceLocations.residential;

// A fresh database per test: swaps change the demo ONT.
beforeEach(async () => {
  t = await createTestApp();
  installer = await t.login('installer');
});
afterEach(() => t.close());

const post = (url: string, payload: object, token = installer) => t.request({ method: 'POST', url, token, payload });
const assetByTag = (tag: string) =>
  t.db.db.selectFrom('assets').selectAll().where('asset_tag', '=', tag).executeTakeFirstOrThrow();
const circuitsOf = (assetId: number) =>
  t.db.db
    .selectFrom('circuits')
    .select(['circuit_code', 'port'])
    .where('asset_id', '=', assetId)
    .orderBy('port')
    .execute();

describe('GET /api/installer/work-orders/:WOId/swap-ont/:ONTId', () => {
  it('gives the asset, its definition, stock ONTs with showOption and the location packages', async () => {
    const res = await t.request({ method: 'GET', url: `${WO}/swap-ont/ONT-100001`, token: installer });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json();
    expect(data.asset).toMatchObject({ vcAssetID: 'ONT-100001', nCount: 1 });
    expect(data.equipment_definition).toMatchObject({ vcModel: '803G', nPorts: 4 });
    const options = Object.fromEntries(
      data.available_equipment.map((e: { vcAssetID: string; showOption: boolean }) => [e.vcAssetID, e.showOption]),
    );
    expect(options['ONT-STK-0001']).toBe(true);
    expect(options['ONT-STK-0005']).toBe(false);
    expect(options['ONT-STK-0007']).toBe(true);
    expect(data.service_locations.length).toBeGreaterThan(0);
    expect(data.service_locations[0].LinePrice).toMatch(/^\$\d+\.\d{2}$/);
  });
  it('refuses a contractor (foreign role) and a contractor company work order', async () => {
    const contractor = await t.login('contractor');
    expect((await t.request({ method: 'GET', url: `${WO}/swap-ont/ONT-100001`, token: contractor })).statusCode).toBe(
      403,
    );
    const foreign = await t.request({
      method: 'GET',
      url: `/api/installer/work-orders/110001/swap-ont/ONT-100001`,
      token: installer,
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('GET /api/installer/assigned-equipment', () => {
  it("lists only the installer's own stock", async () => {
    const res = await t.request({ method: 'GET', url: '/api/installer/assigned-equipment', token: installer });
    expect(res.json().map((e: { vcAssetID: string }) => e.vcAssetID)).toEqual(DEMO.assets.installerStock);
  });
});

describe('POST /api/installer/work-orders/:WOId/swap-ont', () => {
  it('swaps ONT-100001 for a stock ONT: statuses, location and circuits move together; answers true', async () => {
    const res = await post(`${WO}/swap-ont`, {
      NewAsset: 'ONT-STK-0001',
      OrigEquip: 'ONT-100001',
      serviceLocation: LOC,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe(true);
    const [old, next] = [await assetByTag('ONT-100001'), await assetByTag('ONT-STK-0001')];
    expect(old).toMatchObject({
      status: 'Returned',
      service_location_id: null,
      assigned_user_id: DEMO.users.installer.id,
    });
    expect(next).toMatchObject({ status: 'Active', service_location_id: LOC, assigned_user_id: null });
    expect((await circuitsOf(next.id)).map((c) => c.port)).toEqual([1, 4]);
    expect(await circuitsOf(old.id)).toHaveLength(0);
  });
  it('rolls everything back when a circuit has no port on the new ONT', async () => {
    const ont = await assetByTag('ONT-100001');
    // A circuit on port 6, which an 803G (ONT-STK-0001) does not have.
    await t.db.db.updateTable('circuits').set({ port: 6 }).where('circuit_code', '=', 'VOICE-100001').execute();
    const res = await post(`${WO}/swap-ont`, {
      NewAsset: 'ONT-STK-0001',
      OrigEquip: 'ONT-100001',
      serviceLocation: LOC,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('Ports');
    expect(await assetByTag('ONT-100001')).toMatchObject({ status: 'Active', service_location_id: LOC });
    expect(await assetByTag('ONT-STK-0001')).toMatchObject({ status: 'In Stock', service_location_id: null });
    expect((await circuitsOf(ont.id)).map((c) => c.port)).toEqual([1, 6]);
  });
  it("refuses another installer's stock and a wrong service location", async () => {
    const foreign = await post(`${WO}/swap-ont`, {
      NewAsset: 'ONT-STK-0005',
      OrigEquip: 'ONT-100001',
      serviceLocation: LOC,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toHaveProperty('NewAsset');
    const wrong = await post(`${WO}/swap-ont`, {
      NewAsset: 'ONT-STK-0001',
      OrigEquip: 'ONT-100001',
      serviceLocation: 999,
    });
    expect(wrong.json().error.fields).toHaveProperty('serviceLocation');
  });
});

describe('POST /api/installer/work-orders/:WOId/upgrade-ont', () => {
  it('previews the ports, then upgrades with a port map and answers the new nAssetID', async () => {
    const preview = await post(`${WO}/upgrade-ont/preview`, { OrigEquip: 'ONT-100001', NewAsset: 'ONT-STK-0002' });
    expect(preview.statusCode, preview.body).toBe(200);
    const { oldDefP, oldDefS } = preview.json();
    expect(oldDefP.map((p: { nPortID: number; vcCircuitID: string }) => [p.nPortID, p.vcCircuitID])).toEqual([
      [1, 'DATA-100001'],
      [4, 'VOICE-100001'],
    ]);
    expect(oldDefP[0].newDefP).toHaveLength(6);
    expect(oldDefS).toEqual([{ nSlot: 1, nPorts: 4 }]);

    const res = await post(`${WO}/upgrade-ont`, {
      OrigEquip: 'ONT-100001',
      NewAsset: 'ONT-STK-0002',
      TotalPorts: 6,
      Ports: { '1': 2, '4': 5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const next = await assetByTag('ONT-STK-0002');
    expect(res.json()).toEqual({ nAssetID: next.id });
    expect(await circuitsOf(next.id)).toEqual([
      { circuit_code: 'DATA-100001', port: 2 },
      { circuit_code: 'VOICE-100001', port: 5 },
    ]);
  });
  it('rolls back when two circuits are mapped to one port', async () => {
    const res = await post(`${WO}/upgrade-ont`, {
      OrigEquip: 'ONT-100001',
      NewAsset: 'ONT-STK-0002',
      TotalPorts: 6,
      Ports: { '1': 3, '4': 3 },
    });
    expect(res.statusCode).toBe(400);
    expect(await assetByTag('ONT-STK-0002')).toMatchObject({ status: 'In Stock' });
    expect(await assetByTag('ONT-100001')).toMatchObject({ status: 'Active' });
    const ont = await assetByTag('ONT-100001');
    expect((await circuitsOf(ont.id)).map((c) => c.port)).toEqual([1, 4]);
  });
  it('refuses a wrong TotalPorts, naming the field', async () => {
    const res = await post(`${WO}/upgrade-ont`, {
      OrigEquip: 'ONT-100001',
      NewAsset: 'ONT-STK-0002',
      TotalPorts: 4,
      Ports: { '1': 1, '4': 4 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ TotalPorts: '6' });
  });
});
