import {
  ASSETS_MOVED_NOT_CONFIRMED,
  CHECKLIST_READ_ONLY,
  CHECKLIST_WORK_ORDER_TYPES,
  checklistFormFor,
  DROP_TYPE_REQUIRED,
  SPEED_TEST_URL_REQUIRED,
  UPDATED_SUCCESSFULLY,
  withDefaults,
  YARD_DATE_REQUIRED,
} from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/demo-ids.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['contractor', 'contractor1', 'fieldtech', 'installer', 'residential', 'staff']) {
    tokens[u] = await t.login(u);
  }
});
afterAll(() => t.close());

const CW = DEMO.contractorWorkOrders;
const id = (type: string) => CW.company2OpenByType[type] ?? 0;
const BUSINESS_DROP = 6;
const RESIDENTIAL_DROP = 2;

/** A save of `type` that passes every rule, so each test breaks exactly one. */
function validSave(type: string, over: Record<string, unknown> = {}, data: Record<string, unknown> = {}) {
  const def = CHECKLIST_WORK_ORDER_TYPES.find((d) => d.description === type);
  const form = def && checklistFormFor(def);
  if (!form) throw new Error(type);
  const values: Record<string, unknown> = { ...withDefaults(form, {}) };
  delete values.dtLastUpdated;
  if ('nDropTypeID' in values) values.nDropTypeID = def.isBusiness ? BUSINESS_DROP : RESIDENTIAL_DROP;
  if ('txtSpeedTestURL' in values) values.txtSpeedTestURL = 'https://www.speedtest.net/result/42';
  return {
    data: { ...values, ...data },
    tsArrivalOnsite: '2025-03-01T14:00:00.000Z',
    tsWorkComplete: '2025-03-01T17:30:00.000Z',
    txtNotes: `Worked the ${type}.`,
    WOComplete: 'off',
    assetsMovedConfirmed: false,
    ...over,
  };
}
const completing = (type: string, data: Record<string, unknown> = {}) =>
  validSave(type, { WOComplete: 'on', assetsMovedConfirmed: true }, data);

const put = (user: string, woId: number, payload: unknown, headers: Record<string, string> = {}) =>
  t.request({
    method: 'PUT',
    url: `/api/contractor/work-orders/${woId}/checklist`,
    token: tokens[user],
    payload: payload as Record<string, unknown>,
    headers,
  });
const get = (user: string, url: string) => t.request({ method: 'GET', url, token: tokens[user] });

const storedChecklist = (woId: number) =>
  t.db.db.selectFrom('checklists').selectAll().where('work_order_id', '=', woId).executeTakeFirst();
const statusOf = async (woId: number) =>
  (await t.db.db.selectFrom('work_orders').select('status').where('id', '=', woId).executeTakeFirstOrThrow()).status;
const historyCount = async (woId: number) =>
  (await get('contractor', `/api/contractor/work-orders/${woId}/checklist/history`)).json().length;

/** A refused save stores nothing: no checklist change, no history, no status change. */
async function expectNothingStored(woId: number, before: { data: string | null; history: number; status: string }) {
  expect((await storedChecklist(woId))?.data ?? null).toBe(before.data);
  expect(await historyCount(woId)).toBe(before.history);
  expect(await statusOf(woId)).toBe(before.status);
}
const snapshot = async (woId: number) => ({
  data: (await storedChecklist(woId))?.data ?? null,
  history: await historyCount(woId),
  status: await statusOf(woId),
});

describe('PUT /api/contractor/work-orders/:workOrderId/checklist', () => {
  it.each(CHECKLIST_WORK_ORDER_TYPES.map((d) => d.description))('saves the %s checklist', async (type) => {
    const res = await put('contractor', id(type), validSave(type));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(UPDATED_SUCCESSFULLY);
    const wo = res.json().workOrder;
    expect(wo.checklist.txtNotes).toBe(`Worked the ${type}.`);
    expect(wo.checklist.vcUpdatedBy).toBe('Carla Cruz');
    expect(wo.vcStatus).toBe('Open');
    const row = await storedChecklist(id(type));
    expect(row?.template).toBe(wo.checklist.template);
    expect(Object.keys(JSON.parse(row?.data ?? '{}')).sort()).toEqual(Object.keys(wo.checklist.data).sort());
  });

  it("refuses completing a non-business drop construction without a drop type: 'Please select a drop Type'", async () => {
    for (const type of ['Consumer Drop Construction', 'Bury Hybrid Drop', 'Connectorized Install']) {
      const before = await snapshot(id(type));
      const res = await put('contractor', id(type), completing(type, { nDropTypeID: null }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: DROP_TYPE_REQUIRED,
        fields: { nDropTypeID: DROP_TYPE_REQUIRED },
      });
      await expectNothingStored(id(type), before);
    }
    // The business construction completes without one.
    const business = await put(
      'fieldtech',
      id('Business Construction'),
      completing('Business Construction', { nDropTypeID: null }),
    );
    expect(business.statusCode).toBe(200);
    expect(business.json().workOrder).toMatchObject({ vcStatus: 'Complete', isComplete: true });
  });

  it('refuses a TV install without a proper speed test URL', async () => {
    const before = await snapshot(id('TV Install'));
    for (const url of [null, 'speedtest please']) {
      const res = await put('contractor', id('TV Install'), validSave('TV Install', {}, { txtSpeedTestURL: url }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(SPEED_TEST_URL_REQUIRED);
    }
    await expectNothingStored(id('TV Install'), before);
  });

  it('refuses completing without the answer to "Are you sure all assets are moved properly?"', async () => {
    const before = await snapshot(id('Coiled Drop'));
    const res = await put('contractor', id('Coiled Drop'), validSave('Coiled Drop', { WOComplete: 'on' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ASSETS_MOVED_NOT_CONFIRMED);
    await expectNothingStored(id('Coiled Drop'), before);
  });

  it('refuses bad field values, naming the field and what is allowed', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        'Consumer Splicing',
        { nRibbonSpliceQty: -1 },
        'nRibbonSpliceQty',
        'Ribbon splices must be a whole number from 0 to 100000.',
      ],
      [
        'Business Install',
        { nAdditionalRooms: 101 },
        'nAdditionalRooms',
        'Additional rooms must be one of the listed options.',
      ],
      [
        'Connectorized Install',
        { nAdditionalRooms: 100 },
        'nAdditionalRooms',
        'Additional rooms must be one of the listed options.',
      ],
      [
        'Connectorized Install',
        { nDropLengthFt: 75 },
        'nDropLengthFt',
        'Actual drop length (ft) must be one of the listed options.',
      ],
      ['Business Site Survey', { nSepticSys: 3 }, 'nSepticSys', 'Septic system must be Yes, No or Unknown.'],
      [
        'Consumer Drop Construction',
        { nDropTypeID: BUSINESS_DROP },
        'nDropTypeID',
        'Choose a drop type from the list for this work order type.',
      ],
      ['MST Splicing', { vcSpliceCaseType: 'Shoebox' }, 'vcSpliceCaseType', 'Choose a splice case type from the list.'],
      ['Dispatch', { nBogus: 1 }, 'nBogus', 'The colo install checklist has no field nBogus.'],
    ];
    for (const [type, data, field, message] of cases) {
      const res = await put('contractor', id(type), validSave(type, {}, data));
      expect(res.statusCode, `${type} ${field}`).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    const early = await put(
      'contractor',
      id('Dispatch'),
      validSave('Dispatch', { tsArrivalOnsite: '2025-03-02T10:00:00Z', tsWorkComplete: '2025-03-02T09:00:00Z' }),
    );
    expect(early.json().error.fields.tsWorkComplete).toBe('Work complete must not be before arrival onsite.');
  });

  it('keeps the one-time rehang options out of the checklist and records them in the history', async () => {
    const woId = id('Business Splicing');
    const res = await put(
      'contractor',
      woId,
      validSave('Business Splicing', { oneTime: { spliceCaseRehang: true, aerialRehang: true } }),
    );
    expect(res.statusCode).toBe(200);
    const stored = JSON.parse((await storedChecklist(woId))?.data ?? '{}');
    expect(stored).not.toHaveProperty('spliceCaseRehang');
    expect(stored).not.toHaveProperty('aerialRehang');
    const [latest] = (await get('contractor', `/api/contractor/work-orders/${woId}/checklist/history`)).json();
    expect(latest.oneTime).toEqual(['Splice case rehang', 'Aerial rehang']);
    const install = await put(
      'contractor',
      id('Business Install'),
      validSave('Business Install', { oneTime: { aerialRehang: true } }),
    );
    expect(install.json().error.message).toBe('Rehang options belong to splicing checklists only.');
  });

  it('completes a yard complaint through its own box and date, then reads it as complete', async () => {
    const woId = id('Yard Complaint');
    // A legacy zero date does not count as complete (SPEC §4).
    await t.db.db
      .updateTable('checklists')
      .set({ data: JSON.stringify({ nRestorationComplete: 1, dtDateCompleted: '0000-00-00' }) })
      .where('work_order_id', '=', woId)
      .execute();
    const legacy = (await get('contractor', `/api/contractor/work-orders/${woId}`)).json();
    expect(legacy).toMatchObject({ isComplete: false, checklist: { data: { dtDateCompleted: '0000-00-00' } } });
    const noDate = await put(
      'contractor',
      woId,
      completing('Yard Complaint', { nRestorationComplete: 1, dtDateCompleted: null }),
    );
    expect(noDate.json().error.message).toBe(YARD_DATE_REQUIRED);
    const done = await put(
      'contractor',
      woId,
      validSave(
        'Yard Complaint',
        { assetsMovedConfirmed: true },
        { nRestorationComplete: 1, dtDateCompleted: '2025-03-01' },
      ),
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().workOrder).toMatchObject({ vcStatus: 'Complete', isComplete: true });
  });

  it('completes with WOComplete on, and a complete work order is read-only from then on', async () => {
    const woId = id('Consumer Fiber Install');
    const res = await put('contractor', woId, completing('Consumer Fiber Install'));
    expect(res.json().workOrder).toMatchObject({ vcStatus: 'Complete', isComplete: true });
    const before = await snapshot(woId);
    const again = await put('contractor', woId, validSave('Consumer Fiber Install'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(CHECKLIST_READ_ONLY);
    await expectNothingStored(woId, before);
    for (const done of [CW.company2Complete, CW.company2Closed]) {
      const type = done === CW.company2Closed ? 'Backbone Splice' : 'Consumer Fiber Install';
      expect((await put('contractor', done, validSave(type))).statusCode).toBe(409);
    }
  });

  it("refuses a work order whose view file has no form: 'Template not found'", async () => {
    const res = await put('contractor', CW.company2TemplateNotFound, validSave('Backbone Splice'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Template not found: legacy_pole_audit');
  });

  it('sets the colo install’s last-updated date itself', async () => {
    const res = await put(
      'contractor',
      id('Residential Colo Install'),
      validSave('Residential Colo Install', {}, { dtLastUpdated: '1999-01-01' }),
    );
    expect(res.json().workOrder.checklist.data.dtLastUpdated).toBe(t.clock.now.toISOString().slice(0, 10));
  });

  it('saves once for a retried request with the same Idempotency-Key', async () => {
    const woId = id('Special Request Work Order');
    const before = await historyCount(woId);
    const headers = { 'idempotency-key': 'save-special-0001' };
    const body = validSave('Special Request Work Order', {}, { vcInvoiceNum: 'INV-77' });
    expect((await put('contractor', woId, body, headers)).statusCode).toBe(200);
    expect((await put('contractor', woId, body, headers)).statusCode).toBe(200);
    expect(await historyCount(woId)).toBe(before + 1);
  });

  it('refuses another company’s work order and other roles', async () => {
    expect((await put('contractor', CW.company1[0], validSave('Consumer Drop Construction'))).statusCode).toBe(403);
    expect((await put('contractor1', id('Dispatch'), validSave('Dispatch'))).statusCode).toBe(403);
    for (const user of ['installer', 'residential', 'staff']) {
      expect((await put(user, id('Dispatch'), validSave('Dispatch'))).statusCode).toBe(403);
    }
  });
});

describe('GET /api/contractor/work-orders/:workOrderId/checklist/history', () => {
  it('records who saved, when, and what changed', async () => {
    const woId = id('HPBX Site Survey');
    await put('contractor', woId, validSave('HPBX Site Survey', {}, { vcInvoiceNum: 'A-1' }));
    t.clock.advanceSeconds(120);
    await put('fieldtech', woId, validSave('HPBX Site Survey', { txtNotes: 'Second visit.' }, { vcInvoiceNum: 'A-2' }));
    const history = (await get('contractor', `/api/contractor/work-orders/${woId}/checklist/history`)).json();
    // The first entry is the save of the table test above.
    expect(history).toHaveLength(3);
    expect(history[0]).toMatchObject({ vcUserName: 'Frankie Ford', completed: false });
    expect(history[0].changes).toEqual([
      { field: 'vcInvoiceNum', label: 'Invoice number', from: 'A-1', to: 'A-2' },
      { field: 'txtNotes', label: 'Notes', from: 'Worked the HPBX Site Survey.', to: 'Second visit.' },
    ]);
    expect(history[1]).toMatchObject({
      vcUserName: 'Carla Cruz',
      changes: [{ field: 'vcInvoiceNum', label: 'Invoice number', from: null, to: 'A-1' }],
    });
    expect(Date.parse(history[0].dtSaved) - Date.parse(history[1].dtSaved)).toBe(120_000);
  });

  it('refuses another company’s work order', async () => {
    expect(
      (await get('contractor', `/api/contractor/work-orders/${CW.company1[2]}/checklist/history`)).statusCode,
    ).toBe(403);
  });
});

describe('look-ups: drop types, splice case types, assembly units', () => {
  it('gives business types the business drop types and the others the residential ones', async () => {
    const consumer = (await get('contractor', '/api/contractor/drop-types?WOType=2')).json();
    expect(consumer.map((d: { vcType: string }) => d.vcType)).toContain('Buried Drop');
    expect(consumer.map((d: { vcType: string }) => d.vcType)).not.toContain('Business Aerial Lateral');
    const business = (await get('contractor', '/api/contractor/drop-types?WOType=1')).json();
    expect(business.map((d: { nCount: number }) => d.nCount)).toEqual([6, 7]);
    expect((await get('contractor', '/api/contractor/drop-types?WOType=999')).statusCode).toBe(404);
    expect((await get('contractor', '/api/contractor/drop-types')).statusCode).toBe(400);
  });

  it('lists splice case types and assembly units, for contractors only', async () => {
    expect((await get('contractor', '/api/contractor/splice-case-types')).json()).toContainEqual({
      nCount: 1,
      vcType: 'FOSC 450 A',
    });
    const units = (await get('contractor', '/api/contractor/assembly-units')).json();
    expect(units.find((u: { vcCode: string }) => u.vcCode === 'DROP-UG')).toMatchObject({
      nReqSequential: 1,
      nReqReelNum: 1,
      nReqAdditionalDropFee: 1,
      nReqAssetTag: 0,
    });
    expect((await get('installer', '/api/contractor/assembly-units')).statusCode).toBe(403);
  });
});

describe('POST /api/contractor/work-orders/:workOrderId/assembly-units', () => {
  const post = (user: string, woId: number, payload: Record<string, unknown>, key?: string) =>
    t.request({
      method: 'POST',
      url: `/api/contractor/work-orders/${woId}/assembly-units`,
      token: tokens[user],
      payload,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const woId = id('Connectorized Install');

  it('adds an entry with the inputs its unit requires, once per Idempotency-Key', async () => {
    const body = { AssemblyUnitID: 6, QtyUnits: '95', BegSequential: '2000', EndSequential: '', ReelNum: 'R-88' };
    const first = await post('contractor', woId, body, 'unit-add-00000001');
    expect(first.statusCode).toBe(201);
    const added = first.json().at(-1);
    expect(added).toMatchObject({ vcCode: 'BORE-125', QtyUnits: 95, EndSequential: null, ReelNum: 'R-88' });
    expect((await post('contractor', woId, body, 'unit-add-00000001')).json()).toHaveLength(first.json().length);
  });

  it('refuses an entry missing what its unit requires, or for a form without units', async () => {
    const missing = await post('contractor', woId, { AssemblyUnitID: 1, QtyUnits: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.AssetTags).toBe('Asset tags is required for this assembly unit.');
    const notConnectorized = await post('contractor', id('Consumer Splicing'), { AssemblyUnitID: 5, QtyUnits: 1 });
    expect(notConnectorized.json().error.message).toBe('Assembly units belong to the connectorized install checklist.');
    expect((await post('contractor', woId, { AssemblyUnitID: 999, QtyUnits: 1 })).statusCode).toBe(400);
  });

  it('removes an entry, but not one of another work order', async () => {
    const list = (await post('contractor', woId, { AssemblyUnitID: 5, QtyUnits: 2 })).json();
    const entry = list.at(-1).nCount;
    const other = await t.request({
      method: 'DELETE',
      url: `/api/contractor/work-orders/${id('Dispatch')}/assembly-units/${entry}`,
      token: tokens.contractor,
    });
    expect(other.statusCode).toBe(400);
    const unknown = await t.request({
      method: 'DELETE',
      url: `/api/contractor/work-orders/${woId}/assembly-units/999999`,
      token: tokens.contractor,
    });
    expect(unknown.statusCode).toBe(404);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/contractor/work-orders/${woId}/assembly-units/${entry}`,
      token: tokens.contractor,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().map((e: { nCount: number }) => e.nCount)).not.toContain(entry);
  });

  it('refuses another company’s work order, other roles, and a complete work order', async () => {
    expect((await post('contractor1', woId, { AssemblyUnitID: 5, QtyUnits: 1 })).statusCode).toBe(403);
    const [entry] = (await get('contractor', `/api/contractor/work-orders/${woId}`)).json().assemblyUnits;
    const foreignDelete = await t.request({
      method: 'DELETE',
      url: `/api/contractor/work-orders/${woId}/assembly-units/${entry.nCount}`,
      token: tokens.contractor1,
    });
    expect(foreignDelete.statusCode).toBe(403);
    expect((await post('installer', woId, { AssemblyUnitID: 5, QtyUnits: 1 })).statusCode).toBe(403);
    const done = await put('contractor', woId, completing('Connectorized Install'));
    expect(done.statusCode).toBe(200);
    expect((await post('contractor', woId, { AssemblyUnitID: 5, QtyUnits: 1 })).statusCode).toBe(409);
  });
});

describe('GET /api/contractor/contracts and /contracts/:contractId/unit-prices', () => {
  it('lists the company’s contracts with the current one active, and its unit price sheet', async () => {
    const contracts = (await get('contractor', '/api/contractor/contracts')).json();
    expect(contracts).toHaveLength(2);
    const active = contracts.filter((c: { isActive: boolean }) => c.isActive);
    expect(active).toHaveLength(1);
    const sheet = (await get('contractor', `/api/contractor/contracts/${active[0].nContractID}/unit-prices`)).json();
    expect(sheet.contract.nContractID).toBe(active[0].nContractID);
    expect(sheet.prices.find((p: { vcCode: string }) => p.vcCode === 'ONT-INST').nUnitPriceCents).toBe(85_00);
  });

  it('refuses another company’s contract and an unknown one', async () => {
    const own1 = (await get('contractor1', '/api/contractor/contracts')).json();
    const res = await get('contractor', `/api/contractor/contracts/${own1[0].nContractID}/unit-prices`);
    expect(res.statusCode).toBe(403);
    expect((await get('contractor', '/api/contractor/contracts/9999/unit-prices')).statusCode).toBe(404);
    expect((await get('staff', '/api/contractor/contracts')).statusCode).toBe(403);
  });
});
