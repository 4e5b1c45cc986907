import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { distanceMiles } from '@strand/domain';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_COMMIT_CHECK_MS } from '../../db/row-changes.js';
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

describe('GET /api/installer/work-orders/:WOId: the answer kept per work order (issue 16)', () => {
  type Home = {
    WorkOrder: { vcSummary: string };
    WorkOrderType: { vcDescription: string };
    Customer: { vcCustomerName: string };
    ServiceLocationDetails: { fullAddress: string };
    ContactMethods: { contactMethodsArray: { ContactMethodID: number; Phone: string }[] };
    SalesOrderDetails: { txtNotes: string };
    WorkOrderAssignments: { Name: string }[];
    Counts: { circuits: number; attachments: number; notes: number };
    hasPhysicalPlantConfig: boolean;
  };
  const url = `/api/installer/work-orders/${W.fullInstall}`;
  const home = () => json<Home>(url);

  it('is read again after a change to any of the 13 tables it is made from, by this server', async () => {
    const db = t.ctx.db;
    const original = await home();
    expect(await home()).toEqual(original);
    const wo = await db.selectFrom('work_orders').selectAll().where('id', '=', W.fullInstall).executeTakeFirstOrThrow();
    const locationId = wo.service_location_id as number;
    const orderId = wo.order_id as number;
    const otherLocation = DEMO.serviceLocations.businessMain;
    const contactId = original.ContactMethods.contactMethodsArray[0]?.ContactMethodID as number;
    const [assignment] = await db
      .selectFrom('work_order_assignments')
      .selectAll()
      .where('work_order_id', '=', W.fullInstall)
      .execute();
    const circuit = await db
      .selectFrom('circuits')
      .select('id')
      .where('service_location_id', '=', locationId)
      .executeTakeFirstOrThrow();
    const attachment = await db
      .selectFrom('attachments')
      .select('id')
      .where('work_order_id', '=', W.fullInstall)
      .executeTakeFirstOrThrow();
    const link = await db
      .selectFrom('contact_method_locations')
      .selectAll()
      .where('service_location_id', '=', locationId)
      .where('contact_method_id', '=', contactId)
      .executeTakeFirstOrThrow();
    const plant = await db
      .selectFrom('physical_plant_configs')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const user = await db
      .selectFrom('users')
      .select(['id', 'first_name'])
      .where('id', '=', assignment?.user_id as number)
      .executeTakeFirstOrThrow();

    const steps: { table: string; change(): Promise<unknown>; seen(h: Home): unknown; undo(): Promise<unknown> }[] = [
      {
        table: 'work_orders',
        change: () =>
          db.updateTable('work_orders').set({ summary: 'Kept answer' }).where('id', '=', W.fullInstall).execute(),
        seen: (h) => expect(h.WorkOrder.vcSummary).toBe('Kept answer'),
        undo: () =>
          db.updateTable('work_orders').set({ summary: wo.summary }).where('id', '=', W.fullInstall).execute(),
      },
      {
        table: 'work_order_types',
        change: () =>
          db
            .updateTable('work_order_types')
            .set({ description: 'Renamed type' })
            .where('id', '=', wo.type_id)
            .execute(),
        seen: (h) => expect(h.WorkOrderType.vcDescription).toBe('Renamed type'),
        undo: () =>
          db
            .updateTable('work_order_types')
            .set({ description: original.WorkOrderType.vcDescription })
            .where('id', '=', wo.type_id)
            .execute(),
      },
      {
        table: 'customers',
        change: () =>
          db.updateTable('customers').set({ name: 'Rhonda Renamed' }).where('id', '=', wo.customer_id).execute(),
        seen: (h) => expect(h.Customer.vcCustomerName).toBe('Rhonda Renamed'),
        undo: () =>
          db
            .updateTable('customers')
            .set({ name: original.Customer.vcCustomerName })
            .where('id', '=', wo.customer_id)
            .execute(),
      },
      {
        table: 'service_locations',
        change: () =>
          db.updateTable('service_locations').set({ address2: 'Unit 9' }).where('id', '=', locationId).execute(),
        seen: (h) => expect(h.ServiceLocationDetails.fullAddress).toContain('Unit 9'),
        undo: () => db.updateTable('service_locations').set({ address2: null }).where('id', '=', locationId).execute(),
      },
      {
        table: 'circuits',
        change: () =>
          db.updateTable('circuits').set({ service_location_id: otherLocation }).where('id', '=', circuit.id).execute(),
        seen: (h) => expect(h.Counts.circuits).toBe(original.Counts.circuits - 1),
        undo: () =>
          db.updateTable('circuits').set({ service_location_id: locationId }).where('id', '=', circuit.id).execute(),
      },
      {
        table: 'contact_method_locations',
        change: () =>
          db
            .deleteFrom('contact_method_locations')
            .where('service_location_id', '=', locationId)
            .where('contact_method_id', '=', contactId)
            .execute(),
        seen: (h) =>
          expect(h.ContactMethods.contactMethodsArray.map((c) => c.ContactMethodID)).not.toContain(contactId),
        undo: () => db.insertInto('contact_method_locations').values(link).execute(),
      },
      {
        table: 'contact_methods',
        change: () =>
          db.updateTable('contact_methods').set({ phone: '5735550000' }).where('id', '=', contactId).execute(),
        seen: (h) => expect(h.ContactMethods.contactMethodsArray[0]?.Phone).toBe('5735550000'),
        undo: () =>
          db
            .updateTable('contact_methods')
            .set({ phone: original.ContactMethods.contactMethodsArray[0]?.Phone as string })
            .where('id', '=', contactId)
            .execute(),
      },
      {
        table: 'sales_orders',
        change: () => db.updateTable('sales_orders').set({ notes: 'Kept notes' }).where('id', '=', orderId).execute(),
        seen: (h) => expect(h.SalesOrderDetails.txtNotes).toBe('Kept notes'),
        undo: () =>
          db
            .updateTable('sales_orders')
            .set({ notes: original.SalesOrderDetails.txtNotes })
            .where('id', '=', orderId)
            .execute(),
      },
      {
        table: 'physical_plant_configs',
        change: () => db.deleteFrom('physical_plant_configs').where('id', '=', plant.id).execute(),
        seen: (h) => expect(h.hasPhysicalPlantConfig).toBe(false),
        undo: () => db.insertInto('physical_plant_configs').values(plant).execute(),
      },
      {
        table: 'users',
        change: () => db.updateTable('users').set({ first_name: 'Renamed' }).where('id', '=', user.id).execute(),
        seen: (h) => expect(h.WorkOrderAssignments.map((a) => a.Name.split(' ')[0])).toContain('Renamed'),
        undo: () => db.updateTable('users').set({ first_name: user.first_name }).where('id', '=', user.id).execute(),
      },
      {
        table: 'work_order_assignments',
        change: () =>
          db
            .deleteFrom('work_order_assignments')
            .where('work_order_id', '=', W.fullInstall)
            .where('user_id', '=', user.id)
            .execute(),
        seen: (h) => expect(h.WorkOrderAssignments).toHaveLength(original.WorkOrderAssignments.length - 1),
        undo: () =>
          db
            .insertInto('work_order_assignments')
            .values(assignment as never)
            .execute(),
      },
      {
        table: 'work_order_notes',
        change: () =>
          db
            .insertInto('work_order_notes')
            .values({ work_order_id: W.fullInstall, author: 'Test', body: 'Kept?', created_at: '2026-11-24T00:00:00Z' })
            .execute(),
        seen: (h) => expect(h.Counts.notes).toBe(original.Counts.notes + 1),
        undo: () => db.deleteFrom('work_order_notes').where('body', '=', 'Kept?').execute(),
      },
      {
        table: 'attachments',
        change: () =>
          db
            .updateTable('attachments')
            .set({ work_order_id: W.businessInstall })
            .where('id', '=', attachment.id)
            .execute(),
        seen: (h) => expect(h.Counts.attachments).toBe(original.Counts.attachments - 1),
        undo: () =>
          db.updateTable('attachments').set({ work_order_id: W.fullInstall }).where('id', '=', attachment.id).execute(),
      },
    ];
    for (const step of steps) {
      await step.change().catch((e) => Promise.reject(new Error(`${step.table}: ${e}`)));
      step.seen(await home());
      await step.undo().catch((e) => Promise.reject(new Error(`${step.table}, undo: ${e}`)));
      expect(await home(), `${step.table}, undone`).toEqual(original);
    }
    expect(steps).toHaveLength(13);
  });

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
      if (encoding) {
        expect(first.headers.vary).toContain('Accept-Encoding');
        expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      }
    }
  });

  it('refuses the work order once it is given to a contractor company, and reads it again when it is back', async () => {
    await home();
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

  it.skipIf(process.env.DATABASE_URL)(
    'is read again after another program commits to the SQLite file, within FOREIGN_COMMIT_CHECK_MS',
    async () => {
      const before = await home();
      const other = new SQLite(path.join(t.dataDir, 'portal.db'));
      const rename = other.prepare('UPDATE customers SET name = ? WHERE id = ?');
      rename.run('Renamed Elsewhere', DEMO.customers.residential);
      await new Promise((resolve) => setTimeout(resolve, FOREIGN_COMMIT_CHECK_MS + 5));
      expect((await home()).Customer.vcCustomerName).toBe('Renamed Elsewhere');
      rename.run(before.Customer.vcCustomerName, DEMO.customers.residential);
      other.close();
      await new Promise((resolve) => setTimeout(resolve, FOREIGN_COMMIT_CHECK_MS + 5));
      expect(await home()).toEqual(before);
    },
  );
});
