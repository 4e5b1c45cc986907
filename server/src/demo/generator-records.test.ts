import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHECKLIST_WORK_ORDER_TYPES, checklistFamilyOf } from '@strand/domain';
import { describe, expect, it } from 'vitest';
import { allDemoFiles, DEMO, DEMO_FILES, writeDemoFiles } from './generator.js';
import { MAP_LAYERS } from './map-features.js';
import { clock, dialectName, lookups, TODAY, useSeededDatabase } from './test-fixture.js';

const U = DEMO.users;
const db = useSeededDatabase().db;
const { contactsAt } = lookups(db);

describe(`demo seed (${dialectName}): contractor work orders`, () => {
  async function ordersOf(companyId: number) {
    return db()
      .selectFrom('work_orders')
      .innerJoin('work_order_types', 'work_order_types.id', 'work_orders.type_id')
      .select(['work_orders.id', 'status', 'description', 'view_file'])
      .where('contractor_id', '=', companyId)
      .where('work_orders.id', '<', DEMO.backgroundWorkOrderStart)
      .execute();
  }

  it('gives company 2 an open order of each of the 23 checklist types', async () => {
    const orders = await ordersOf(2);
    for (const type of CHECKLIST_WORK_ORDER_TYPES) {
      const open = orders.filter((o) => o.description === type.description && o.status === 'Open');
      expect(open.length, type.description).toBeGreaterThanOrEqual(1);
      expect(open[0]?.id).toBe(DEMO.contractorWorkOrders.company2OpenByType[type.description]);
    }
  });

  it('gives company 2 a Complete install, a Closed backbone splice and a Template-not-found order', async () => {
    const orders = await ordersOf(2);
    const byId = new Map(orders.map((o) => [o.id, o]));
    expect(byId.get(DEMO.contractorWorkOrders.company2Complete)).toMatchObject({
      description: 'Consumer Fiber Install',
      status: 'Complete',
    });
    expect(byId.get(DEMO.contractorWorkOrders.company2Closed)).toMatchObject({
      description: 'Backbone Splice',
      status: 'Closed',
    });
    const legacy = byId.get(DEMO.contractorWorkOrders.company2TemplateNotFound);
    expect(checklistFamilyOf(legacy?.view_file)).toBeNull();
  });

  it("keeps the companies apart: each company's orders are assigned only to its own users", async () => {
    const company1 = await ordersOf(1);
    expect(company1.map((o) => o.id).sort()).toEqual([...DEMO.contractorWorkOrders.company1]);
    const rows = await db()
      .selectFrom('work_order_assignments as a')
      .innerJoin('work_orders as w', 'w.id', 'a.work_order_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['w.id', 'w.contractor_id', 'u.contractor_id as user_company'])
      .where('w.contractor_id', 'is not', null)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.user_company, `work order ${r.id}`).toBe(r.contractor_id);
    const contractor1Sees = await assigneesFor(U.contractor1.id);
    expect(contractor1Sees.every((id) => DEMO.contractorWorkOrders.company1.includes(id as never))).toBe(true);
  });

  async function assigneesFor(userId: number) {
    const rows = await db()
      .selectFrom('work_order_assignments')
      .select('work_order_id')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.work_order_id);
  }

  it('has calendar events and restoration tickets with notes and an image for both companies', async () => {
    for (const company of [1, 2]) {
      const events = await db()
        .selectFrom('calendar_events')
        .select('id')
        .where('contractor_id', '=', company)
        .execute();
      expect(events.length).toBeGreaterThan(0);
      const tickets = await db()
        .selectFrom('restoration_tickets')
        .selectAll()
        .where('contractor_id', '=', company)
        .execute();
      expect(tickets.length).toBeGreaterThan(0);
      const keys = new Set(allDemoFiles().map((f) => f.storageKey));
      for (const t of tickets) {
        expect(keys.has(t.image_key ?? '')).toBe(true);
        const notes = await db()
          .selectFrom('restoration_ticket_notes')
          .select('id')
          .where('ticket_id', '=', t.id)
          .execute();
        expect(notes.length).toBeGreaterThan(0);
      }
    }
  });

  it('stamps call records, restoration tickets and their notes strictly before the load moment', async () => {
    const loadedAt = TODAY.getTime();
    const times = (rows: { at: unknown }[]) => rows.map((r) => new Date(r.at as string | Date).getTime());
    const calls = times(await db().selectFrom('call_records').select('started_at as at').execute());
    const tickets = times(await db().selectFrom('restoration_tickets').select('created_at as at').execute());
    const notes = times(await db().selectFrom('restoration_ticket_notes').select('created_at as at').execute());
    for (const [table, list] of [
      ['call_records', calls],
      ['restoration_tickets', tickets],
      ['restoration_ticket_notes', notes],
    ] as const) {
      expect(list.length, table).toBeGreaterThan(0);
      expect(list.filter((t) => !(t < loadedAt)).length, `${table} rows at or after the load moment`).toBe(0);
    }
    // Each note comes after its ticket.
    const late = await db()
      .selectFrom('restoration_ticket_notes')
      .innerJoin('restoration_tickets', 'restoration_tickets.id', 'restoration_ticket_notes.ticket_id')
      .select(['restoration_ticket_notes.created_at as note', 'restoration_tickets.created_at as ticket'])
      .execute();
    for (const row of late) {
      expect(new Date(row.note as string).getTime()).toBeGreaterThanOrEqual(new Date(row.ticket as string).getTime());
    }
  });
});

describe(`demo seed (${dialectName}): customers, billing and network`, () => {
  const count = async (
    table: 'service_locations' | 'invoices' | 'payment_methods' | 'trouble_tickets',
    customerId: string,
  ) => (await db().selectFrom(table).select('id').where('customer_id', '=', customerId).execute()).length;

  it('gives residential 1 location, 3 invoices (1 past due), 2 cards, autopay off, 2 trouble tickets', async () => {
    const id = DEMO.customers.residential;
    expect(await count('service_locations', id)).toBe(1);
    const invoices = await db().selectFrom('invoices').selectAll().where('customer_id', '=', id).execute();
    expect(invoices).toHaveLength(3);
    const pastDue = invoices.filter((i) => i.balance_cents > 0 && i.due_date < clock.date(0));
    expect(pastDue).toHaveLength(1);
    const lines = await db()
      .selectFrom('invoice_lines')
      .select('invoice_id')
      .where(
        'invoice_id',
        'in',
        invoices.map((i) => i.id),
      )
      .execute();
    expect(new Set(lines.map((l) => l.invoice_id)).size).toBe(3);
    const cards = await db().selectFrom('payment_methods').selectAll().where('customer_id', '=', id).execute();
    expect(cards).toHaveLength(2);
    for (const c of cards) expect(c.gateway_token).toMatch(/^tok_demo_/);
    const mailing = await db().selectFrom('mailing_locations').selectAll().where('customer_id', '=', id).execute();
    expect(mailing).toHaveLength(1);
    expect(mailing[0]?.autopay_payment_method_id).toBeNull();
    expect(await count('trouble_tickets', id)).toBe(2);
  });

  it('gives business 2 locations, 12 invoices, linked contacts, requests and call records', async () => {
    const id = DEMO.customers.business;
    expect(await count('service_locations', id)).toBe(2);
    expect(await count('invoices', id)).toBe(12);
    const users = await db().selectFrom('users').select('username').where('customer_id', '=', id).execute();
    expect(users.map((u) => u.username).sort()).toEqual(['business', 'business-billing']);
    expect((await contactsAt(DEMO.serviceLocations.businessBranch)).length).toBeGreaterThan(0);
    const requests = await db()
      .selectFrom('business_center_requests')
      .select('id')
      .where('customer_id', '=', id)
      .execute();
    expect(requests.length).toBeGreaterThan(0);
    const calls = await db().selectFrom('call_records').select('id').where('customer_id', '=', id).execute();
    expect(calls.length).toBeGreaterThan(100);
  });

  it('gives consumer one service location', async () => {
    expect(await count('service_locations', DEMO.customers.consumer)).toBe(1);
  });

  it('has about 38 central offices in Missouri, every map layer, and the checklist look-ups', async () => {
    const offices = await db().selectFrom('central_offices').selectAll().execute();
    expect(offices).toHaveLength(38);
    expect(new Set(offices.map((o) => o.state))).toEqual(new Set(['MO']));
    const layers = await db().selectFrom('map_features').select('layer_id').distinct().execute();
    expect(layers.map((l) => l.layer_id).sort((a, b) => a - b)).toEqual(
      Object.values(MAP_LAYERS).sort((a, b) => a - b),
    );
    const feature = await db()
      .selectFrom('map_features')
      .select('geometry')
      .where('layer_id', '=', 3)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(feature.geometry).type).toBe('LineString');
    expect((await db().selectFrom('drop_types').select('id').execute()).length).toBeGreaterThan(0);
    expect((await db().selectFrom('splice_case_types').select('id').execute()).length).toBeGreaterThan(0);
    const units = await db().selectFrom('assembly_units').selectAll().execute();
    expect(
      new Set(units.map((u) => `${u.req_asset_tag}${u.req_sequential}${u.req_additional_drop_fee}${u.req_reel_num}`))
        .size,
    ).toBeGreaterThan(3);
    const companies = await db().selectFrom('contractor_companies').selectAll().orderBy('id').execute();
    expect(companies[1]?.name).toBe('Prairie Fiber Builders');
    expect(await db().selectFrom('noc_locations').select('id').where('id', '=', 1).executeTakeFirst()).toBeDefined();
  });

  it('has ONTs in stock assigned to the installer at NOC location 1', async () => {
    const stock = await db()
      .selectFrom('assets')
      .innerJoin('equipment_definitions as d', 'd.id', 'assets.definition_id')
      .select(['asset_tag', 'status', 'noc_location_id', 'd.hardware_type'])
      .where('assigned_user_id', '=', U.installer.id)
      .execute();
    expect(stock.map((s) => s.asset_tag).sort()).toEqual([...DEMO.assets.installerStock]);
    for (const s of stock) expect(s).toMatchObject({ status: 'In Stock', noc_location_id: 1, hardware_type: 273 });
  });
});

describe('demo files', () => {
  it('writes every attachment and restoration image with the stored bytes', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'strand-demo-files-'));
    try {
      const written = writeDemoFiles(dir);
      expect(written).toHaveLength(allDemoFiles().length);
      const keys = [
        ...(await db().selectFrom('attachments').select('storage_key as key').execute()),
        ...(await db().selectFrom('restoration_tickets').select('image_key as key').execute()),
      ].map((r) => r.key ?? '');
      for (const key of keys) {
        const bytes = readFileSync(path.join(dir, 'files', ...key.split('/')));
        const known = allDemoFiles().find((f) => f.storageKey === key);
        expect(known?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes files with valid PDF, PNG and JPEG structure', () => {
    const pdf = DEMO_FILES.sitePlan.bytes.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    const entries = pdf.slice(xrefAt).split('\n').slice(3, 8);
    for (const [i, entry] of entries.entries()) {
      expect(pdf.slice(Number(entry.slice(0, 10)))).toMatch(new RegExp(`^${i + 1} 0 obj`));
    }
    expect([...DEMO_FILES.ontPhoto.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const jpg = DEMO_FILES.dropPhoto.bytes;
    expect([jpg[0], jpg[1], jpg.at(-2), jpg.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
  });
});
