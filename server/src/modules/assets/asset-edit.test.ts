import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/demo-ids.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WO = DEMO.workOrders.fullInstall;
const assetOf = async (tag: string) =>
  t.db.db.selectFrom('assets').selectAll().where('asset_tag', '=', tag).executeTakeFirstOrThrow();
const call = async (user: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url, token: await t.login(user), ...(payload ? { payload } : {}) });

describe('getAssetEditData and correcting an asset', () => {
  it('shows the editable fields and an empty history, then keeps one change per edited field', async () => {
    const ont = await assetOf('ONT-100001');
    const before = await call('installer', 'GET', `/api/assets/${ont.id}/edit?WOId=${WO}`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ vcAssetID: 'ONT-100001', vcStatus: ont.status, history: [] });

    const res = await call('installer', 'PUT', `/api/assets/${ont.id}`, {
      WOId: WO,
      vcSerialNumber: ' CXNK-NEW-1 ',
      vcMACAddress: '00025d001b99',
      vcStatus: 'Active',
      vcAssetDescription: ont.description,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ vcSerialNumber: 'CXNK-NEW-1', vcMACAddress: '00:02:5D:00:1B:99' });
    expect(body.history.map((h: { field: string }) => h.field).sort()).toEqual(['MAC address', 'Serial number']);
    expect(body.history[0]).toMatchObject({ by: 'Ian Ingram', WOId: WO });

    // Saving the same values again changes nothing and keeps no history.
    const again = await call('installer', 'PUT', `/api/assets/${ont.id}`, {
      WOId: WO,
      vcSerialNumber: 'CXNK-NEW-1',
      vcMACAddress: '00:02:5D:00:1B:99',
      vcStatus: 'Active',
      vcAssetDescription: ont.description,
    });
    expect(again.json().history).toHaveLength(2);
    const audits = await t.db.db.selectFrom('audit_log').select('id').where('action', '=', 'asset.edit').execute();
    expect(audits).toHaveLength(1);
  });

  it('refuses bad input naming the field, and a MAC address another asset has, storing nothing', async () => {
    const ont = await assetOf('ONT-100001');
    const bad = await call('installer', 'PUT', `/api/assets/${ont.id}`, {
      WOId: WO,
      vcSerialNumber: 'x'.repeat(65),
      vcMACAddress: 'not-a-mac',
      vcStatus: 'Lost',
      vcAssetDescription: '  ',
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().error.fields;
    expect(fields.vcSerialNumber).toMatch(/at most 64/);
    expect(fields.vcMACAddress).toMatch(/six pairs of hex digits/);
    expect(fields.vcStatus).toMatch(/one of/);
    expect(fields.vcAssetDescription).toBe('Description is required.');

    const other = await t.db.db
      .selectFrom('assets')
      .select(['asset_tag', 'mac_address'])
      .where('mac_address', 'is not', null)
      .where('id', '!=', ont.id)
      .executeTakeFirstOrThrow();
    const taken = await call('installer', 'PUT', `/api/assets/${ont.id}`, {
      WOId: WO,
      vcSerialNumber: 'CXNK-NEW-2',
      vcMACAddress: other.mac_address ?? '',
      vcStatus: 'Active',
      vcAssetDescription: ont.description,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.vcMACAddress).toContain(other.asset_tag);
    expect((await assetOf('ONT-100001')).serial_number).toBe('CXNK-NEW-1');
  });

  it('refuses an asset that is not at the work order’s location, another company’s work order, and customers', async () => {
    const stock = await assetOf('ONT-STK-0002');
    expect((await call('installer', 'GET', `/api/assets/${stock.id}/edit?WOId=${WO}`)).statusCode).toBe(403);
    const ont = await assetOf('ONT-100001');
    expect((await call('contractor', 'GET', `/api/assets/${ont.id}/edit?WOId=${WO}`)).statusCode).toBe(403);
    expect((await call('residential', 'GET', `/api/assets/${ont.id}/edit?WOId=${WO}`)).statusCode).toBe(403);
  });
});
