import { createHash } from 'node:crypto';
import path from 'node:path';
import { BILLING_PERMISSIONS, distanceFeet, PERMISSION_CATEGORIES } from '@strand/domain';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../lib/passwords.js';
import { allDemoFiles, DEMO, isDatabaseEmpty, seedDemoData } from './generator.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { clock, dialectName, lookups, TODAY, useSeededDatabase } from './test-fixture.js';

const W = DEMO.workOrders;
const U = DEMO.users;
const seeded = useSeededDatabase();
const db = seeded.db;
const { workOrder, assigneesOf, contactsAt, location } = lookups(db);

describe(`demo seed (${dialectName}): sign-in accounts`, () => {
  it('has the nine accounts with their names, customers and flags', async () => {
    const users = await db().selectFrom('users').selectAll().where('id', '<=', 9).orderBy('id').execute();
    const byName = Object.fromEntries(users.map((u) => [u.username, u]));
    expect(Object.keys(byName).sort()).toEqual([
      'business',
      'business-billing',
      'consumer',
      'contractor',
      'contractor1',
      'fieldtech',
      'installer',
      'residential',
      'staff',
    ]);
    expect(byName.residential).toMatchObject({
      first_name: 'Rhonda',
      last_name: 'Reyes',
      customer_id: '1000-2000-0001',
      is_admin: 1,
    });
    expect(byName.consumer).toMatchObject({ first_name: 'Connor', last_name: 'Cole', customer_id: '1000-2000-0002' });
    expect(byName.business).toMatchObject({
      first_name: 'Dana',
      last_name: 'Diaz',
      customer_id: '1000-3000-0001',
      is_admin: 1,
    });
    expect(byName['business-billing']).toMatchObject({
      first_name: 'Bill',
      customer_id: '1000-3000-0001',
      is_admin: 0,
    });
    expect(byName.installer).toMatchObject({ first_name: 'Ian', installer: 1, contractor_id: 0, noc_location_id: 1 });
    expect(byName.contractor).toMatchObject({ first_name: 'Carla', installer: 0, contractor_id: 2 });
    expect(byName.contractor1).toMatchObject({ first_name: 'Colin', installer: 0, contractor_id: 1 });
    expect(byName.fieldtech).toMatchObject({ first_name: 'Frankie', installer: 1, contractor_id: 2 });
    expect(byName.staff).toMatchObject({ first_name: 'Sam', is_staff: 1, employee_id: 7 });
    for (const u of users) expect(u.customer_id, u.username).toMatch(/^\d{4}-\d{4}-\d{4}$/);
    // Field staff carry their employer's account: the provider's own, or Prairie Fiber Builders' (company 2).
    for (const key of ['installer', 'contractor1', 'staff']) {
      expect(byName[key]?.customer_id).toBe(DEMO.customers.provider);
    }
    for (const key of ['contractor', 'fieldtech']) expect(byName[key]?.customer_id).toBe(DEMO.customers.prairieFiber);
  });

  it('gives every demo user the demo password', async () => {
    const hashes = await db().selectFrom('users').select('password_hash').distinct().execute();
    expect(hashes).toHaveLength(1);
    expect(await verifyPassword(hashes[0]?.password_hash ?? '', 'demo-password')).toBe(true);
  });

  it('has the customers with their types and the provider account', async () => {
    const customers = await db()
      .selectFrom('customers')
      .select(['id', 'name', 'customer_type'])
      .where('id', 'in', Object.values(DEMO.customers))
      .execute();
    const typeOf = Object.fromEntries(customers.map((c) => [c.id, c.customer_type]));
    expect(typeOf[DEMO.customers.residential]).toBe('Residential');
    expect(typeOf[DEMO.customers.consumer]).toBe('Consumer');
    expect(typeOf[DEMO.customers.business]).toBe('Business');
    expect(typeOf[DEMO.customers.provider]).toBe('Provider');
    expect(typeOf[DEMO.customers.prairieFiber]).toBe('Contractor');
    expect(customers.find((c) => c.id === DEMO.customers.business)?.name).toBe('Acme Dental Group');
  });

  it('grants every permission category to the admins and only billing to business-billing', async () => {
    const categories = await db().selectFrom('permission_categories').select('code').execute();
    expect(categories.map((c) => c.code).sort()).toEqual(PERMISSION_CATEGORIES.map((c) => c.code).sort());
    const grants = async (userId: number) =>
      (await db().selectFrom('user_permissions').select('category').where('user_id', '=', userId).execute())
        .map((r) => r.category)
        .sort();
    const all = PERMISSION_CATEGORIES.map((c) => c.code).sort();
    expect(await grants(U.business.id)).toEqual(all);
    expect(await grants(U.residential.id)).toEqual(all);
    expect(await grants(U.consumer.id)).toEqual(all);
    expect(await grants(U.businessBilling.id)).toEqual([...BILLING_PERMISSIONS].sort());
  });
});

describe(`demo seed (${dialectName}): installer work order 100001`, () => {
  it('is a Consumer Fiber Install for residential, scheduled today, with a GIS link', async () => {
    const wo = await workOrder(W.fullInstall);
    expect(wo).toMatchObject({ type: 'Consumer Fiber Install', customer_id: DEMO.customers.residential });
    expect(wo.next_scheduled_at?.slice(0, 10)).toBe(clock.date(0));
    expect(wo.gis_object_id).toBeTruthy();
    const loc = await location(wo.service_location_id ?? 0);
    expect(loc.city).toBe('Columbia');
    expect(distanceFeet(loc, { latitude: 38.965, longitude: -92.297 })).toBeLessThan(1000);
    expect(await assigneesOf(W.fullInstall)).toEqual([U.installer.id, U.fieldtech.id]);
  });

  it('has two contacts and three packages, one inactive', async () => {
    expect(await contactsAt(DEMO.serviceLocations.residential)).toHaveLength(2);
    const packages = await db()
      .selectFrom('service_location_packages')
      .select('active')
      .where('service_location_id', '=', DEMO.serviceLocations.residential)
      .execute();
    expect(packages).toHaveLength(3);
    expect(packages.filter((p) => p.active === 0)).toHaveLength(1);
  });

  it('has three assets including ONT-100001 (type 273, 4 ports, 1 slot) with actions 6 and 39', async () => {
    const assets = await db()
      .selectFrom('assets')
      .innerJoin('equipment_definitions as d', 'd.id', 'assets.definition_id')
      .select(['assets.id', 'asset_tag', 'd.hardware_type', 'd.ports', 'd.slots'])
      .where('service_location_id', '=', DEMO.serviceLocations.residential)
      .execute();
    expect(assets).toHaveLength(3);
    const ont = assets.find((a) => a.asset_tag === 'ONT-100001');
    expect(ont).toMatchObject({ hardware_type: 273, ports: 4, slots: 1 });
    const ports = await db()
      .selectFrom('asset_ports')
      .selectAll()
      .where('asset_id', '=', ont?.id ?? 0)
      .execute();
    expect(ports).toHaveLength(4);
    const actions = await db()
      .selectFrom('hardware_type_actions')
      .select('action_id')
      .where('hardware_type', '=', 273)
      .execute();
    expect(actions.map((a) => a.action_id)).toEqual(expect.arrayContaining([6, 39]));
  });

  it('has two circuits on the simulated OLT and a plant config with a splitter port', async () => {
    const circuits = await db()
      .selectFrom('circuits')
      .selectAll()
      .where('service_location_id', '=', DEMO.serviceLocations.residential)
      .execute();
    expect(circuits).toHaveLength(2);
    for (const c of circuits)
      expect(c).toMatchObject({ server_ip: '127.0.0.1', slot: expect.any(Number), port: expect.any(Number) });
    const wo = await workOrder(W.fullInstall);
    const plant = await db()
      .selectFrom('physical_plant_configs')
      .selectAll()
      .where('order_id', '=', wo.order_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(plant.splitter_port_label).toBeTruthy();
    expect(plant.splitter_asset_description).toBeTruthy();
  });

  it('has a PDF, a PNG and a JPG attachment whose size and sha256 match the demo files', async () => {
    const attachments = await db()
      .selectFrom('attachments')
      .selectAll()
      .where('work_order_id', '=', W.fullInstall)
      .execute();
    expect(attachments.map((a) => path.extname(a.file_name)).sort()).toEqual(['.jpg', '.pdf', '.png']);
    const files = new Map(allDemoFiles().map((f) => [f.storageKey, f]));
    for (const a of attachments) {
      expect(a.storage_key).toMatch(/^demo\/100001\//);
      const f = files.get(a.storage_key);
      expect(a.size_bytes).toBe(f?.bytes.length);
      expect(a.sha256).toBe(
        createHash('sha256')
          .update(f?.bytes ?? '')
          .digest('hex'),
      );
    }
  });

  it('has a sales order with notes and HTML, and two notes', async () => {
    const wo = await workOrder(W.fullInstall);
    const order = await db()
      .selectFrom('sales_orders')
      .selectAll()
      .where('id', '=', wo.order_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(order.notes).toBeTruthy();
    expect(order.html).toContain('<table>');
    const notes = await db()
      .selectFrom('work_order_notes')
      .selectAll()
      .where('work_order_id', '=', W.fullInstall)
      .execute();
    expect(notes).toHaveLength(2);
  });
});

describe(`demo seed (${dialectName}): installer work orders 100002-100006`, () => {
  it('100002 is a Business Fiber Install for business with exactly one contact and no circuits', async () => {
    const wo = await workOrder(W.businessInstall);
    expect(wo).toMatchObject({ type: 'Business Fiber Install', customer_id: DEMO.customers.business });
    expect(await contactsAt(wo.service_location_id ?? 0)).toHaveLength(1);
    const circuits = await db()
      .selectFrom('circuits')
      .select('id')
      .where('service_location_id', '=', wo.service_location_id ?? 0)
      .execute();
    expect(circuits).toHaveLength(0);
  });

  it('100003 is a Consumer Site Survey with no contacts, attachments or notes and an all-null plant config', async () => {
    const wo = await workOrder(W.siteSurvey);
    expect(wo.type).toBe('Consumer Site Survey');
    expect(await contactsAt(wo.service_location_id ?? 0)).toHaveLength(0);
    const count = async (table: 'attachments' | 'work_order_notes') =>
      (await db().selectFrom(table).select('id').where('work_order_id', '=', W.siteSurvey).execute()).length;
    expect(await count('attachments')).toBe(0);
    expect(await count('work_order_notes')).toBe(0);
    const {
      id: _id,
      order_id,
      ...values
    } = await db()
      .selectFrom('physical_plant_configs')
      .selectAll()
      .where('order_id', '=', wo.order_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(order_id).toBe(wo.order_id);
    expect(Object.values(values).every((v) => v === null)).toBe(true);
  });

  it('100004 is a Consumer Splicing (WO_FiberSplicing) with attachments and a GIS link', async () => {
    const wo = await workOrder(W.splicing);
    expect(wo).toMatchObject({ type: 'Consumer Splicing', class: 'WO_FiberSplicing' });
    expect(wo.gis_object_id).toBeTruthy();
    const attachments = await db()
      .selectFrom('attachments')
      .select('id')
      .where('work_order_id', '=', W.splicing)
      .execute();
    expect(attachments.length).toBeGreaterThan(0);
  });

  it('100005 is a pending Consumer Fiber Install within 500 ft of 100001', async () => {
    const wo = await workOrder(W.pending);
    expect(wo.type).toBe('Consumer Fiber Install');
    expect(await assigneesOf(W.pending)).toEqual([]);
    const here = await location(wo.service_location_id ?? 0);
    const there = await location((await workOrder(W.fullInstall)).service_location_id ?? 0);
    expect(distanceFeet(here, there)).toBeLessThan(500);
  });

  it('100006 is a Business Site Survey assigned to another installer only', async () => {
    expect((await workOrder(W.otherInstallers)).type).toBe('Business Site Survey');
    const assignees = await assigneesOf(W.otherInstallers);
    expect(assignees).toEqual([U.otherInstaller.id]);
    const other = await db()
      .selectFrom('users')
      .select('installer')
      .where('id', '=', U.otherInstaller.id)
      .executeTakeFirstOrThrow();
    expect(other.installer).toBe(1);
  });

  it('assigns 100001-100004 to installer and fieldtech, inside the default search window', async () => {
    for (const id of DEMO.assignedToInstaller) expect(await assigneesOf(id)).toEqual([U.installer.id, U.fieldtech.id]);
    const mine = await db()
      .selectFrom('work_orders')
      .innerJoin('work_order_assignments as a', 'a.work_order_id', 'work_orders.id')
      .select(['work_orders.id', 'next_scheduled_at'])
      .where('a.user_id', '=', U.installer.id)
      .execute();
    expect(mine.map((w) => w.id).sort()).toEqual([...DEMO.assignedToInstaller]);
    const from = clock.date(-61);
    const to = clock.date(7);
    for (const w of mine) {
      const day = w.next_scheduled_at?.slice(0, 10) ?? '';
      expect(day >= from && day <= to, `${w.id} on ${day}`).toBe(true);
    }
  });
});

describe(`demo seed (${dialectName}): determinism and scale`, () => {
  const workOrders = (t: TestDatabase) => t.db.selectFrom('work_orders').selectAll().orderBy('id').execute();

  it('refuses to seed a database that already has data', async () => {
    expect(await isDatabaseEmpty(db())).toBe(false);
    await expect(
      seedDemoData(db(), { dialect: seeded.handle().dialect, today: TODAY, passwordHash: seeded.passwordHash() }),
    ).rejects.toThrow(/empty/);
  });

  it('loaded on a weekday morning, stamps no call, ticket or note after the load moment', async () => {
    // A Tuesday at 09:00 local: the office's calls of the day run into the afternoon (UTC), after this moment.
    const loadedAt = new Date(2025, 5, 17, 9, 0, 0);
    const other = await createTestDatabase();
    try {
      await seedDemoData(other.db, { dialect: other.dialect, today: loadedAt, passwordHash: seeded.passwordHash() });
      const latest = (table: string, rows: { at: unknown }[]) => {
        expect(rows.length, table).toBeGreaterThan(0);
        return Math.max(...rows.map((r) => new Date(r.at as string | Date).getTime()));
      };
      const calls = await other.db.selectFrom('call_records').select('started_at as at').execute();
      const tickets = await other.db.selectFrom('restoration_tickets').select('created_at as at').execute();
      const notes = await other.db.selectFrom('restoration_ticket_notes').select('created_at as at').execute();
      expect(latest('call_records', calls)).toBeLessThan(loadedAt.getTime());
      expect(latest('restoration_tickets', tickets)).toBeLessThan(loadedAt.getTime());
      expect(latest('restoration_ticket_notes', notes)).toBeLessThan(loadedAt.getTime());
    } finally {
      await other.destroy();
    }
  });

  it('makes identical work orders on two fresh databases with the same today', async () => {
    const other = await createTestDatabase();
    try {
      await seedDemoData(other.db, { dialect: other.dialect, today: TODAY, passwordHash: seeded.passwordHash() });
      expect(await workOrders(other)).toEqual(await workOrders(seeded.handle()));
    } finally {
      await other.destroy();
    }
  });

  it('scale 2 doubles the background work orders and keeps the first thousand as they were', async () => {
    const other = await createTestDatabase();
    try {
      const summary = await seedDemoData(other.db, {
        dialect: other.dialect,
        today: TODAY,
        passwordHash: seeded.passwordHash(),
        scale: 2,
      });
      const background = (rows: { id: number }[]) => rows.filter((r) => r.id >= DEMO.backgroundWorkOrderStart);
      const base = background(await workOrders(seeded.handle()));
      const doubled = background(await workOrders(other));
      expect(base).toHaveLength(1_000);
      expect(doubled).toHaveLength(2_000);
      expect(summary.backgroundWorkOrders).toBe(2_000);
      expect(doubled.slice(0, 1_000)).toEqual(base);
    } finally {
      await other.destroy();
    }
  });

  it('spreads background schedules over -90..+30 days and lets later inserts pick new ids', async () => {
    const rows = await db()
      .selectFrom('work_orders')
      .select(['next_scheduled_at'])
      .where('id', '>=', DEMO.backgroundWorkOrderStart)
      .where('next_scheduled_at', 'is not', null)
      .execute();
    const days = rows.map((r) => r.next_scheduled_at?.slice(0, 10) ?? '');
    expect(days.every((d) => d >= clock.date(-90) && d <= clock.date(30))).toBe(true);
    expect(days.filter((d) => d >= clock.date(-61) && d <= clock.date(7)).length).toBeGreaterThan(300);
    const inserted = await db()
      .insertInto('contact_methods')
      .values({ customer_id: DEMO.customers.consumer, category: 'Secondary', name: 'New contact' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const max = await db()
      .selectFrom('contact_methods')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirstOrThrow();
    expect(inserted.id).toBe(Number(max.max));
    await db().deleteFrom('contact_methods').where('id', '=', inserted.id).execute();
  });
});
