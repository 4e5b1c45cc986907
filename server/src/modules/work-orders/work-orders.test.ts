import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { distanceMiles } from '@strand/domain';
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
const CONTRACTOR_WO = 110_001;
const get = (url: string, token = installer) => t.request({ method: 'GET', url, token });
const json = async <T = Record<string, unknown>>(url: string): Promise<T> => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

const VIEWS = [
  '',
  '/notes',
  '/service-location',
  '/service-location/assets',
  '/sales-order',
  '/attachments',
  '/pdf-link',
  '/physical-plant-config',
  '/circuits',
  '/central-offices',
];

describe('GET /api/installer/work-orders/:WOId', () => {
  it('gives the work order object of 100001 with contacts, assignees, counts and flags', async () => {
    const wo = await json(`/api/installer/work-orders/${W.fullInstall}`);
    expect(wo).toMatchObject({
      WorkOrderID: W.fullInstall,
      nServiceLocationID: DEMO.serviceLocations.residential,
      Customer: {
        vcCustomerID: DEMO.customers.residential,
        vcCustomerName: 'Rhonda Reyes',
        vcCustomerStatus: 'Active',
      },
      ServiceLocationDetails: {
        fullAddress: '2208 Clark Ln, Columbia, MO 65202',
        Latitude: 38.9652,
        Longitude: -92.2968,
      },
      WorkOrderType: { vcDescription: 'Consumer Fiber Install', vcClass: 'WO_FiberInstall' },
      WorkOrderDetails: { nOrderID: expect.any(Number), nCount: expect.any(Number) },
      SalesOrderDetails: { txtNotes: expect.stringContaining('1 Gig') },
      Counts: { circuits: 2, attachments: 3, notes: 2 },
      hasPhysicalPlantConfig: true,
    });
    const contacts = (wo.ContactMethods as { contactMethodsArray: { ContactName: string }[] }).contactMethodsArray;
    expect(contacts.map((c) => c.ContactName)).toEqual(['Rhonda Reyes', 'Ramon Reyes']);
    expect(wo.WorkOrderAssignments).toEqual(expect.arrayContaining([{ Name: 'Ian Ingram' }, { Name: 'Frankie Ford' }]));
  });

  it('gives 100002 one contact and no circuits, and 100003 nothing and an all-null plant config', async () => {
    const business = await json<{ ContactMethods: { contactMethodsArray: unknown[] }; Counts: object }>(
      `/api/installer/work-orders/${W.businessInstall}`,
    );
    expect(business.ContactMethods.contactMethodsArray).toHaveLength(1);
    expect(business.Counts).toMatchObject({ circuits: 0 });
    const survey = await json(`/api/installer/work-orders/${W.siteSurvey}`);
    expect(survey).toMatchObject({
      ContactMethods: { contactMethodsArray: [] },
      Counts: { attachments: 0, notes: 0 },
      hasPhysicalPlantConfig: false,
    });
  });

  it('reads a provider work order assigned to another installer, and the pending one', async () => {
    expect((await get(`/api/installer/work-orders/${W.otherInstallers}`)).statusCode).toBe(200);
    const pending = await json(`/api/installer/work-orders/${W.pending}`);
    expect(pending.WorkOrderAssignments).toEqual([]);
  });

  it('refuses a work order of a contractor company on every view, and says when there is none', async () => {
    for (const view of VIEWS) {
      const res = await get(`/api/installer/work-orders/${CONTRACTOR_WO}${view}`);
      expect(res.statusCode, view).toBe(403);
      expect(res.body).not.toContain('Prairie');
      expect((await get(`/api/installer/work-orders/999999${view}`)).statusCode, view).toBe(404);
    }
    expect((await get('/api/installer/work-orders/abc')).json().error.fields).toHaveProperty('WOId');
  });

  it('refuses customers, contractors and staff on every view', async () => {
    for (const username of ['residential', 'contractor', 'staff']) {
      const token = await t.login(username);
      for (const view of VIEWS) {
        expect((await get(`/api/installer/work-orders/${W.fullInstall}${view}`, token)).statusCode, view).toBe(403);
      }
    }
  });
});

describe('GET /api/installer/work-orders/:WOId/notes', () => {
  it('lists the notes newest first, and none for 100003', async () => {
    const notes = await json<{ vcAuthor: string; txtNote: string; dtCreated: string }[]>(
      `/api/installer/work-orders/${W.fullInstall}/notes`,
    );
    expect(notes.map((n) => n.vcAuthor)).toEqual(['Ian Ingram', 'Tara Lin (Dispatch)']);
    expect(notes[0]?.txtNote).toContain('pole CLM-P-2231');
    expect(await json(`/api/installer/work-orders/${W.siteSurvey}/notes`)).toEqual([]);
  });
});

describe('GET /api/installer/work-orders/:WOId/service-location', () => {
  it('gives the location with its packages, one of them inactive', async () => {
    const location = await json<{ ServiceLocationID: number; Packages: { Active: string; PackageName: string }[] }>(
      `/api/installer/work-orders/${W.fullInstall}/service-location`,
    );
    expect(location.ServiceLocationID).toBe(DEMO.serviceLocations.residential);
    expect(location.Packages).toHaveLength(3);
    expect(location.Packages.filter((p) => p.Active === '0')).toHaveLength(1);
  });

  it('lists the assets at the location, with the ONT of hardware type 273', async () => {
    const assets = await json<{ vcAssetID: string; nHardwareType: number }[]>(
      `/api/installer/work-orders/${W.fullInstall}/service-location/assets`,
    );
    expect(assets).toHaveLength(3);
    expect(assets.find((a) => a.vcAssetID === DEMO.assets.ont)?.nHardwareType).toBe(273);
    expect(await json(`/api/installer/work-orders/${W.siteSurvey}/service-location/assets`)).toEqual([]);
  });
});

describe('GET /api/installer/work-orders/:WOId/sales-order', () => {
  it('gives the sales order HTML', async () => {
    const order = await json<{ html: string; nOrderID: number }>(
      `/api/installer/work-orders/${W.fullInstall}/sales-order`,
    );
    expect(order.html).toContain(`<h2>Sales Order #${order.nOrderID}</h2>`);
    expect(order.html).toContain('Rhonda Reyes');
  });

  it('strips scripts, handlers, styles and unsafe links from stored HTML', async () => {
    const wo = await json<{ WorkOrderDetails: { nOrderID: number } }>(
      `/api/installer/work-orders/${W.businessInstall}`,
    );
    await t.db.db
      .updateTable('sales_orders')
      .set({
        html: [
          '<h2 onclick="steal()">Order</h2><script>alert(1)</script>',
          '<img src=x onerror="alert(2)"><iframe src="https://evil.example"></iframe>',
          '<p style="position:fixed">Kept <b>bold</b> text</p>',
          '<a href="javascript:alert(3)">bad</a> <a href="https://ok.example/x" target="_self">good</a>',
          '<form action="/steal"><input name="p"></form><style>body{display:none}</style>',
        ].join(''),
      })
      .where('id', '=', wo.WorkOrderDetails.nOrderID)
      .execute();
    const { html } = await json<{ html: string }>(`/api/installer/work-orders/${W.businessInstall}/sales-order`);
    for (const bad of [
      '<script',
      'alert(',
      'onerror',
      'onclick',
      '<iframe',
      'style=',
      'javascript:',
      '<form',
      '<input',
      '<style',
      '<img',
    ]) {
      expect(html).not.toContain(bad);
    }
    expect(html).toContain('<b>bold</b>');
    expect(html).toContain('<a href="https://ok.example/x" target="_blank" rel="noopener noreferrer">good</a>');
  });
});

describe('GET /api/installer/work-orders/:WOId/physical-plant-config', () => {
  it('gives the config with its splitter port and flag values', async () => {
    const config = await json(`/api/installer/work-orders/${W.fullInstall}/physical-plant-config`);
    expect(config).toMatchObject({
      splitterPort: { vcPortLabel: 'SPL-CLM-014 P07', vcAssetDescription: expect.stringContaining('1x32') },
      nIsFiberDropOnly: '0',
      nExistingFiberDrop: '1',
      vcSplitterAssetID: 'SPL-CLM-014',
    });
    const empty = await json<Record<string, unknown>>(
      `/api/installer/work-orders/${W.siteSurvey}/physical-plant-config`,
    );
    expect(empty.vcCabinetLocation).toBeNull();
    expect(empty.splitterPort).toEqual({ vcPortLabel: null, vcAssetDescription: null });
  });
});

describe('GET /api/installer/work-orders/:WOId/circuits', () => {
  it('lists the circuits of the service location, and none for 100002', async () => {
    const circuits = await json<{ vcCircuitID: string; vcProduct: string }[]>(
      `/api/installer/work-orders/${W.fullInstall}/circuits`,
    );
    expect(circuits.map((c) => c.vcCircuitID)).toEqual(['DATA-100001', 'VOICE-100001']);
    expect(await json(`/api/installer/work-orders/${W.businessInstall}/circuits`)).toEqual([]);
  });
});

describe('GET /api/installer/work-orders/:WOId/central-offices', () => {
  it('lists the 38 central offices nearest first, in great-circle miles', async () => {
    const offices = await json<{ vcName: string; nDistanceMiles: number; Latitude: number; Longitude: number }[]>(
      `/api/installer/work-orders/${W.fullInstall}/central-offices`,
    );
    expect(offices).toHaveLength(38);
    expect(offices[0]?.vcName).toBe('Columbia Clark Lane Cabinet');
    const miles = offices.map((o) => o.nDistanceMiles);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    const first = offices[0];
    if (!first) throw new Error('no offices');
    expect(first.nDistanceMiles).toBeCloseTo(
      distanceMiles(
        { latitude: 38.9652, longitude: -92.2968 },
        {
          latitude: first.Latitude,
          longitude: first.Longitude,
        },
      ),
    );
  });
});

describe('GET /api/installer/gis-objects', () => {
  const ids = async (woId: number) => {
    const wo = await json<{ WorkOrderDetails: { nOrderID: number; nCount: number } }>(
      `/api/installer/work-orders/${woId}`,
    );
    return `orderId=${wo.WorkOrderDetails.nOrderID}&detailId=${wo.WorkOrderDetails.nCount}`;
  };

  it('finds the view object id by order id and detail id', async () => {
    expect(await json(`/api/installer/gis-objects?${await ids(W.fullInstall)}`)).toEqual({
      viewObjectId: 'GIS-SL-2208-CLARK',
    });
    expect(await json(`/api/installer/gis-objects?${await ids(W.splicing)}`)).toEqual({
      viewObjectId: 'GIS-HH-CLM-3307',
    });
    expect(await json(`/api/installer/gis-objects?${await ids(W.siteSurvey)}`)).toEqual({ viewObjectId: null });
  });

  it('refuses a contractor company’s order, answers 404 for a mismatched pair, and refuses customers', async () => {
    const contractorOrder = await t.db.db
      .selectFrom('work_orders')
      .select(['order_id', 'detail_id'])
      .where('id', '=', CONTRACTOR_WO)
      .executeTakeFirstOrThrow();
    const foreign = await get(
      `/api/installer/gis-objects?orderId=${contractorOrder.order_id}&detailId=${contractorOrder.detail_id}`,
    );
    expect(foreign.statusCode).toBe(403);
    expect((await get('/api/installer/gis-objects?orderId=1&detailId=2')).statusCode).toBe(404);
    const asCustomer = await get(
      `/api/installer/gis-objects?${await ids(W.fullInstall)}`,
      await t.login('residential'),
    );
    expect(asCustomer.statusCode).toBe(403);
  });
});

describe('GET /api/installer/work-orders/:WOId: compression and a change of owner', () => {
  const url = `/api/installer/work-orders/${W.fullInstall}`;

  it('sends the answer compressed as the client asks, the same bytes each time, and plain to one that asks for none', async () => {
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const send = () => t.request({ method: 'GET', url, token: installer, headers: { 'accept-encoding': accept } });
      const [first, second] = [await send(), await send()];
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers['content-encoding'], accept).toBe(encoding);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      const body =
        encoding === 'br'
          ? brotliDecompressSync(first.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(first.rawPayload)
            : first.rawPayload;
      expect(body.toString('utf8')).toBe(plain.body);
      if (encoding) expect(String(first.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
  });

  it('refuses the work order once it is given to a contractor company, and reads it again when it is back', async () => {
    await json(url);
    const db = t.ctx.db;
    const company = await db
      .selectFrom('work_orders')
      .select('contractor_id')
      .where('id', '=', CONTRACTOR_WO)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('work_orders')
      .set({ contractor_id: company.contractor_id })
      .where('id', '=', W.fullInstall)
      .execute();
    expect((await get(url)).statusCode).toBe(403);
    await db.updateTable('work_orders').set({ contractor_id: null }).where('id', '=', W.fullInstall).execute();
    expect((await get(url)).statusCode).toBe(200);
  });
});
