/**
 * Issue 29 "any change to a WO can be traced in the UI": what the field does to a work order — a contractor's
 * acknowledgement and its withdrawal, checklist saves and completions (contractor and installer), assembly units
 * added and removed, files uploaded, the installer's "On my way" — each writes an audit row for the work order in the write's
 * transaction, and staff read it on the work order's timeline with who did it and before → after, by the fields'
 * labels (never txtNotes, vcStatus…).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/demo-ids.js';
import { makePng } from '../../demo/file-formats.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';
import { completingSave } from '../orders/orders-test-helpers.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['contractor', 'installer', 'staff']) tokens[u] = await t.login(u);
});
afterAll(() => t.close());

interface Entry {
  summary: string;
  action: string;
  who: string | null;
  changes: { field: string; from: string | null; to: string | null }[];
  subject: { type: string; id: string };
}

const call = (user: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, token: tokens[user], ...(payload ? { payload } : {}) });

async function timeline(workOrderId: number): Promise<Entry[]> {
  const res = await call('staff', 'GET', `/api/staff/history?type=work_order&id=${workOrderId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ entries: Entry[] }>().entries;
}

/** Uploads one PNG named `name` to `url` as `user`, then the same request again (a retry: same Idempotency-Key). */
async function uploadTwice(user: string, url: string, name: string) {
  const body = multipart([
    { name: 'FileName', value: name },
    { name: 'file_0', filename: 'IMG_1.PNG', type: 'image/png', data: makePng(8, 8, () => [10, 20, 30]) },
  ]);
  const send = () =>
    t.request({
      method: 'POST',
      url,
      token: tokens[user],
      payload: body.payload,
      headers: { ...body.headers, 'idempotency-key': `field-writes-${user}-upload` },
    });
  const first = await send();
  expect(first.statusCode, first.body).toBe(201);
  expect((await send()).statusCode).toBe(201);
}

const statusOf = async (id: number) =>
  (await t.db.db.selectFrom('work_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

const SPEC_NAMES = /^(ts|txt|vc|n|dt)[A-Z]/;

function expectReadableFields(entry: Entry | undefined) {
  for (const c of entry?.changes ?? []) expect(c.field).not.toMatch(SPEC_NAMES);
}

/** A contractor checklist save of `type` that passes every rule: completing it, or saved as started. */
const contractorSave = (type: string, complete: boolean) =>
  complete
    ? { ...completingSave(type), txtNotes: 'Done.' }
    : { ...completingSave(type), txtNotes: 'Started.', WOComplete: 'off', assetsMovedConfirmed: false };

describe('a contractor’s writes on a work order’s timeline', () => {
  it('records the acknowledgement and its withdrawal with who and before → after', async () => {
    const wo = DEMO.contractorWorkOrders.company2OpenByType['Consumer Drop Construction'] ?? 0;
    const url = `/api/contractor/work-orders/${wo}/acknowledgement`;
    const ack = await call('contractor', 'PUT', url, { ack: 1 });
    expect(ack.statusCode, ack.body).toBe(200);
    const at = ack.json<{ dtAcknowledged: string }>().dtAcknowledged;
    t.clock.advanceSeconds(60);
    expect((await call('contractor', 'PUT', url, { ack: 0 })).statusCode).toBe(200);
    const [withdrawn, acknowledged] = await timeline(wo);
    expect(acknowledged).toMatchObject({
      summary: 'Work order acknowledged',
      who: 'Carla Cruz',
      changes: [{ field: 'Acknowledged', from: null, to: at }],
      subject: { type: 'work_order', id: String(wo) },
    });
    expect(withdrawn).toMatchObject({
      summary: 'Acknowledgement withdrawn',
      who: 'Carla Cruz',
      changes: [{ field: 'Acknowledged', from: at, to: null }],
    });
  });

  it('records a checklist save and its completion, the status before → after', async () => {
    const type = 'Consumer Fiber Install';
    const wo = DEMO.contractorWorkOrders.company2OpenByType[type] ?? 0;
    const status = await statusOf(wo);
    const url = `/api/contractor/work-orders/${wo}/checklist`;
    const saved = await call('contractor', 'PUT', url, contractorSave(type, false));
    expect(saved.statusCode, saved.body).toBe(200);
    const done = await call('contractor', 'PUT', url, contractorSave(type, true));
    expect(done.statusCode, done.body).toBe(200);
    const entries = await timeline(wo);
    const completed = entries.find((e) => e.action === 'contractor.checklist.complete');
    const save = entries.find((e) => e.action === 'contractor.checklist.save');
    expect(save).toMatchObject({ summary: 'Checklist saved', who: 'Carla Cruz' });
    expect(save?.changes).toContainEqual({ field: 'Notes', from: null, to: 'Started.' });
    expect(completed).toMatchObject({ summary: 'Checklist completed', who: 'Carla Cruz' });
    expect(completed?.changes).toContainEqual({ field: 'Status', from: status, to: 'Complete' });
    expect(completed?.changes).toContainEqual({ field: 'Notes', from: 'Started.', to: 'Done.' });
    expectReadableFields(save);
    expectReadableFields(completed);
  });
  it('records an assembly unit added and removed', async () => {
    const wo = DEMO.contractorWorkOrders.company2OpenByType['Connectorized Install'] ?? 0;
    const url = `/api/contractor/work-orders/${wo}/assembly-units`;
    const added = await t.request({
      method: 'POST',
      url,
      token: tokens.contractor,
      payload: { AssemblyUnitID: 6, QtyUnits: '95', BegSequential: '2000', EndSequential: '', ReelNum: 'R-88' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const entry = added.json<{ nCount: number }[]>().at(-1)?.nCount;
    const removed = await t.request({ method: 'DELETE', url: `${url}/${entry}`, token: tokens.contractor });
    expect(removed.statusCode, removed.body).toBe(200);
    const [out, into] = await timeline(wo);
    expect(into).toMatchObject({
      summary: 'Assembly unit added',
      who: 'Carla Cruz',
      changes: [{ field: 'Assembly unit', from: null, to: 'BORE-125 × 95' }],
    });
    expect(out).toMatchObject({
      summary: 'Assembly unit removed',
      who: 'Carla Cruz',
      changes: [{ field: 'Assembly unit', from: 'BORE-125 × 95', to: null }],
    });
  });
  it('records a file upload once (a retried upload records nothing more)', async () => {
    const wo = DEMO.contractorWorkOrders.company2OpenByType['MST Splicing'] ?? 0;
    await uploadTwice('contractor', `/api/contractor/work-orders/${wo}/attachments`, 'Splice tray');
    const uploads = (await timeline(wo)).filter((e) => e.action === 'contractor.upload');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({
      summary: 'Files uploaded',
      who: 'Carla Cruz',
      changes: [{ field: 'Files', from: null, to: 'Splice tray.png' }],
      subject: { type: 'work_order', id: String(wo) },
    });
  });
});

describe('an installer’s writes on a work order’s timeline', () => {
  const wo = DEMO.workOrders.fullInstall;
  const url = `/api/installer/work-orders/${wo}`;

  it('records "On my way" with the installer', async () => {
    expect((await call('installer', 'POST', `${url}/on-my-way`)).statusCode).toBe(200);
    expect((await timeline(wo))[0]).toMatchObject({
      action: 'installer.on_my_way',
      summary: 'Installer on the way (customer told)',
      who: 'Ian Ingram',
    });
  });

  it('records a checklist save and the completion, the status before → after', async () => {
    const status = await statusOf(wo);
    const saved = await call('installer', 'PUT', `${url}/checklist`, {
      data: { vcLightSignalStrength: '-18.2 dBm', txtSpeedTestURL: 'https://speed.example.test/r/1' },
      tsArrivalOnsite: null,
      txtNotes: 'Dog kept inside',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const done = await call('installer', 'POST', `${url}/complete`, { assetsMovedConfirmed: true });
    expect(done.statusCode, done.body).toBe(200);
    const [completed, save] = (await timeline(wo)).filter((e) => e.action.startsWith('installer.checklist.'));
    expect(save).toMatchObject({ summary: 'Checklist saved', who: 'Ian Ingram' });
    expect(save?.changes).toContainEqual({ field: 'Light signal strength', from: null, to: '-18.2 dBm' });
    expect(save?.changes).toContainEqual({ field: 'Notes', from: null, to: 'Dog kept inside' });
    expect(completed).toMatchObject({ summary: 'Checklist completed', who: 'Ian Ingram' });
    expect(completed?.changes).toContainEqual({ field: 'Status', from: status, to: 'Complete' });
    expectReadableFields(save);
    expectReadableFields(completed);
  });

  it('records a photo upload once (a retried upload records nothing more)', async () => {
    await uploadTwice('installer', `${url}/photos`, 'Demarc');
    const photos = (await timeline(wo)).filter((e) => e.action === 'installer.photos');
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatchObject({
      summary: 'Photos uploaded',
      who: 'Ian Ingram',
      changes: [{ field: 'Files', from: null, to: 'Demarc.png' }],
      subject: { type: 'work_order', id: String(wo) },
    });
  });

  it('a refused write records nothing', async () => {
    const before = (await timeline(DEMO.workOrders.otherInstallers)).length;
    const notMine = await call(
      'installer',
      'PUT',
      `/api/installer/work-orders/${DEMO.workOrders.otherInstallers}/checklist`,
      {
        data: { vcLightSignalStrength: '-18 dBm' },
        tsArrivalOnsite: null,
      },
    );
    expect(notMine.statusCode).toBe(403);
    expect((await timeline(DEMO.workOrders.otherInstallers)).length).toBe(before);
  });
});
