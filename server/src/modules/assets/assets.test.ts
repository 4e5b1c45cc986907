/** Assets, asset actions (visibility per role), idempotent durable action requests and the worker against the OLT. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { OltError } from '../../integrations/network/olt-client.js';
import type { OltSimulator } from '../../integrations/network/olt-simulator.js';
import { createTestApp, startTestOlt, type TestApp } from '../../test/harness.js';
import { runPendingActionRequests } from './asset-actions.jobs.js';

let sim: OltSimulator;
let t: TestApp;
let installer: string;
let ontId: number;
let routerId: number;
const W = DEMO.workOrders;

beforeAll(async () => {
  const started = await startTestOlt();
  sim = started.olt;
  t = await createTestApp(started.env);
  installer = await t.login('installer');
  const ids = await t.db.db.selectFrom('assets').select(['id', 'asset_tag']).execute();
  ontId = ids.find((a) => a.asset_tag === DEMO.assets.ont)?.id ?? 0;
  routerId = ids.find((a) => a.asset_tag === DEMO.assets.router)?.id ?? 0;
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const key = () => `k-${Math.random().toString(36).slice(2, 12)}`;
const take = (token: string, actionId: number, idem: string | null = key(), assetId = ontId, wo = W.fullInstall) =>
  t.request({
    method: 'POST',
    url: `/api/assets/${assetId}/actions`,
    token,
    headers: idem ? { 'idempotency-key': idem } : {},
    payload: { ApplicationActionID: actionId, WorkOrderID: wo },
  });

describe('GET /api/assets/by-tag/:vcAssetID', () => {
  it('gives ONT-100001 with make, model, serial, MAC, ports and slots', async () => {
    const res = await t.request({ method: 'GET', url: '/api/assets/by-tag/ONT-100001', token: installer });
    expect(res.statusCode, res.body).toBe(200);
    const asset = res.json();
    expect(asset).toMatchObject({
      vcAssetID: 'ONT-100001',
      nHardwareType: 273,
      nPorts: 4,
      nSlots: 1,
      vcStatus: 'Active',
    });
    expect(asset.vcEquipmentMaker).toBe('Calix');
    expect(asset.vcSerialNumber).toMatch(/^CALI/);
    expect(asset.ports).toHaveLength(4);
  });
  it("answers 404 'No valid asset info fetched' for an unknown id", async () => {
    const res = await t.request({ method: 'GET', url: '/api/assets/by-tag/NOPE-1', token: installer });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toContain('No valid asset info fetched');
  });
  it('refuses a customer (foreign role)', async () => {
    const res = await t.request({ method: 'GET', url: `/api/assets/${ontId}`, token: await t.login('residential') });
    expect(res.statusCode).toBe(403);
  });
});

describe('reading an asset as a contractor: only at a work order of its own company', () => {
  /** The first asset at the service location of a work order of this company (null: the provider's own orders). */
  const assetOfCompany = async (company: number | null) => {
    let q = t.db.db
      .selectFrom('assets as a')
      .innerJoin('work_orders as w', 'w.service_location_id', 'a.service_location_id')
      .select(['a.id', 'a.asset_tag', 'a.service_location_id']);
    q = company === null ? q.where('w.contractor_id', 'is', null) : q.where('w.contractor_id', '=', company);
    const rows = await q.orderBy('a.id').execute();
    // An asset that no work order of another company (or of the provider) also reaches.
    for (const row of rows) {
      const others = await t.db.db
        .selectFrom('work_orders')
        .select(['contractor_id'])
        .where('service_location_id', '=', row.service_location_id)
        .execute();
      if (others.every((o) => o.contractor_id === company)) return row;
    }
    throw new Error(`no asset only company ${company} reaches`);
  };
  const read = (token: string, asset: { id: number; asset_tag: string }) =>
    Promise.all([
      t.request({ method: 'GET', url: `/api/assets/${asset.id}`, token }),
      t.request({ method: 'GET', url: `/api/assets/by-tag/${asset.asset_tag}`, token }),
    ]).then((all) => all.map((r) => r.statusCode));

  it('contractor (company 2) reads its own asset; ONT-100001 and company 1 assets are refused', async () => {
    const contractor = await t.login('contractor');
    const own = await assetOfCompany(DEMO.contractorCompanies.prairieFiber);
    const company1 = await assetOfCompany(DEMO.contractorCompanies.providerCrew);
    expect(await read(contractor, own)).toEqual([200, 200]);
    expect(await read(contractor, { id: ontId, asset_tag: DEMO.assets.ont })).toEqual([403, 403]);
    expect(await read(contractor, company1)).toEqual([403, 403]);
    const res = await t.request({ method: 'GET', url: `/api/assets/by-tag/${DEMO.assets.ont}`, token: contractor });
    expect(res.json().error.message).toContain('ONT-100001');
    expect(res.body).not.toMatch(/CALI/);
  });

  it('contractor1 (company 1) reads its own asset and is refused company 2 and provider assets', async () => {
    const contractor1 = await t.login('contractor1');
    const own = await assetOfCompany(DEMO.contractorCompanies.providerCrew);
    const company2 = await assetOfCompany(DEMO.contractorCompanies.prairieFiber);
    expect(await read(contractor1, own)).toEqual([200, 200]);
    expect(await read(contractor1, company2)).toEqual([403, 403]);
    expect(await read(contractor1, { id: ontId, asset_tag: DEMO.assets.ont })).toEqual([403, 403]);
  });

  it('installers keep reading every asset (also a field technician who is a contractor too)', async () => {
    const company2 = await assetOfCompany(DEMO.contractorCompanies.prairieFiber);
    expect(await read(installer, company2)).toEqual([200, 200]);
    expect(await read(await t.login('fieldtech'), { id: ontId, asset_tag: DEMO.assets.ont })).toEqual([200, 200]);
  });
});

describe('GET /api/assets/:nAssetId/actions', () => {
  const ids = async (token: string, wo: number = W.fullInstall) => {
    const res = await t.request({ method: 'GET', url: `/api/assets/${ontId}/actions?WOId=${wo}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ nApplicationActionID: number }[]>().map((a) => a.nApplicationActionID);
  };
  it('hides action 39 from an installer but shows action 6', async () => {
    const list = await ids(installer);
    expect(list).toContain(6);
    expect(list).not.toContain(39);
    expect(list).toContain(1);
  });
  it('hides actions 6 and 39 from an installer who is also a contractor', async () => {
    const list = await ids(await t.login('fieldtech'));
    expect(list).not.toContain(6);
    expect(list).not.toContain(39);
  });
  it('refuses a contractor on a provider work order and an asset of another location', async () => {
    const contractor = await t.login('contractor');
    const res = await t.request({
      method: 'GET',
      url: `/api/assets/${ontId}/actions?WOId=${W.fullInstall}`,
      token: contractor,
    });
    expect(res.statusCode).toBe(403);
    const other = await t.request({
      method: 'GET',
      url: `/api/assets/${ontId}/actions?WOId=${W.businessInstall}`,
      token: installer,
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('POST /api/assets/:nAssetId/actions', () => {
  it('records one request per idempotency key and answers the same RequestID on a retry', async () => {
    const k = key();
    const first = await take(installer, 1, k);
    expect(first.statusCode, first.body).toBe(201);
    const again = await take(installer, 1, k);
    expect(again.statusCode).toBe(201);
    expect(again.json().RequestID).toBe(first.json().RequestID);
    const rows = await t.db.db
      .selectFrom('asset_action_requests')
      .selectAll()
      .where('id', '=', first.json().RequestID)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'Pending', attempts: 0, action_id: 1 });
  });
  it('requires an Idempotency-Key', async () => {
    const res = await take(installer, 1, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('Idempotency-Key');
  });
  it('refuses action 39 for everyone and action 6 for a contractor', async () => {
    expect((await take(installer, 39)).statusCode).toBe(403);
    expect((await take(await t.login('fieldtech'), 6)).statusCode).toBe(403);
    expect((await take(installer, 6)).statusCode).toBe(201);
  });
  it('refuses an action that does not apply to the asset', async () => {
    const res = await take(installer, 20);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('ApplicationActionID');
  });
  it('refuses a customer', async () => {
    expect((await take(await t.login('residential'), 1)).statusCode).toBe(403);
  });
});

describe('the action worker and GET /api/asset-action-requests/:RequestID', () => {
  it('carries a request out on the simulated OLT and keeps its status', async () => {
    const res = await take(installer, 2);
    const id = res.json().RequestID as number;
    await runPendingActionRequests(t.ctx);
    const confirm = await t.request({
      method: 'GET',
      url: `/api/asset-action-requests/${id}?WorkOrderID=${W.fullInstall}&vcAssetID=ONT-100001`,
      token: installer,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({
      RequestID: id,
      WorkOrderID: W.fullInstall,
      vcAssetID: 'ONT-100001',
      status: 'Completed',
      attempts: 1,
    });
    expect(confirm.json().result).toContain('127.0.0.1');
    // Running the worker again does nothing more with a finished request.
    await runPendingActionRequests(t.ctx);
    const row = await t.db.db.selectFrom('asset_action_requests').selectAll().where('id', '=', id).executeTakeFirst();
    expect(row?.attempts).toBe(1);
  });
  it('fails a request for an asset with no circuit, saying why', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/assets/${routerId}/actions`,
      token: installer,
      headers: { 'idempotency-key': key() },
      payload: { ApplicationActionID: 20, WorkOrderID: W.fullInstall },
    });
    expect(res.statusCode, res.body).toBe(201);
    await runPendingActionRequests(t.ctx);
    const row = await t.db.db
      .selectFrom('asset_action_requests')
      .selectAll()
      .where('id', '=', res.json().RequestID)
      .executeTakeFirst();
    expect(row).toMatchObject({ status: 'Failed' });
    expect(row?.result).toContain('RTR-100001');
  });
  it('does not confirm a request under another asset id', async () => {
    const id = (await take(installer, 1)).json().RequestID;
    const res = await t.request({
      method: 'GET',
      url: `/api/asset-action-requests/${id}?WorkOrderID=${W.fullInstall}&vcAssetID=RTR-100001`,
      token: installer,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/installer/work-orders/:WOId/service-location/add-asset', () => {
  it("ties an ONT from the installer's stock to the location, and refuses another installer's", async () => {
    const url = `/api/installer/work-orders/${W.fullInstall}/service-location/add-asset`;
    const res = await t.request({ method: 'POST', url, token: installer, payload: { vcAssetID: 'ONT-STK-0004' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ vcStatus: 'Active', nServiceLocationID: DEMO.serviceLocations.residential });
    const foreign = await t.request({ method: 'POST', url, token: installer, payload: { vcAssetID: 'ONT-STK-0005' } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toHaveProperty('vcAssetID');
  });
});

describe('the action worker when the OLT does not answer', () => {
  it('keeps the request Pending for a retry, then Failed with the reason after 3 attempts', async () => {
    await runPendingActionRequests(t.ctx); // earlier tests' requests, on the working OLT
    const real = t.ctx.olt;
    let calls = 0;
    t.ctx.olt = {
      ...real,
      runOntAction: async () => {
        calls += 1;
        throw new OltError('The OLT at 127.0.0.1 did not answer in time.', 'timeout');
      },
    };
    try {
      const id = (await take(installer, 3)).json().RequestID as number;
      const row = () =>
        t.db.db.selectFrom('asset_action_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await runPendingActionRequests(t.ctx);
      expect(await row()).toMatchObject({ status: 'Pending', attempts: 1 });
      await runPendingActionRequests(t.ctx);
      await runPendingActionRequests(t.ctx);
      expect(await row()).toMatchObject({ status: 'Failed', attempts: 3 });
      expect((await row()).result).toContain('did not answer');
      await runPendingActionRequests(t.ctx);
      expect(calls).toBe(3);
    } finally {
      t.ctx.olt = real;
    }
  });

  it('two workers at once carry a request out only once', async () => {
    const id = (await take(installer, 4)).json().RequestID as number;
    await Promise.all([runPendingActionRequests(t.ctx), runPendingActionRequests(t.ctx)]);
    const row = await t.db.db.selectFrom('asset_action_requests').selectAll().where('id', '=', id).executeTakeFirst();
    expect(row).toMatchObject({ status: 'Completed', attempts: 1 });
  });
});
