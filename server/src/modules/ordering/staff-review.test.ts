/**
 * Staff review of ordering (sales): temporary service locations confirmed (their orders move to the standardized
 * address, customers and leads are told) or rejected with a reason (refused while an order waits), and a service
 * area's status change telling its waiting leads once. Other staff roles, field users and customers are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONSTRUCTION_LEAD, DEMO_TEMP_LOCATIONS } from '../../demo/order-loop.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { newKey } from '../customer-account/customer-test-helpers.js';
import { orderingSteps } from './ordering-test-helpers.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['staff', 'sales', 'dispatcher', 'network', 'billing-staff', 'installer', 'residential']) {
    tokens[u] = await t.login(u);
  }
});
afterAll(() => t.close());

const get = (url: string, token = tokens.sales) => t.request({ method: 'GET', url, token });
const send = (method: 'POST' | 'PUT', url: string, payload: object, token = tokens.sales) =>
  t.request({ method, url, token, payload });

const [PRAIRIE, QUARRY] = DEMO_TEMP_LOCATIONS;
type TempView = { tempLocationId: number; typed: string; waitingLeads: number; orders: { orderId: number }[] };
async function tempId(line1: string): Promise<number> {
  const list = (await get('/api/staff/temp-locations')).json().tempLocations as TempView[];
  const found = list.find((l) => l.typed.startsWith(line1));
  if (!found) throw new Error(`${line1} is not waiting`);
  return found.tempLocationId;
}
const mailTo = (email: string) => t.mail.filter((m) => m.to === email);
const confirmBody = (line1: string, zip: string, city: string, latitude: number, longitude: number) => ({
  line1,
  unit: '',
  city,
  state: 'MO',
  zip,
  latitude,
  longitude,
});

describe('who reviews', () => {
  it('sales and admins; other staff roles, field users and customers are refused; anonymous is 401', async () => {
    const id = await tempId(QUARRY.line1);
    for (const u of ['sales', 'staff']) {
      expect((await get('/api/staff/temp-locations', tokens[u])).statusCode).toBe(200);
      expect((await get('/api/staff/service-areas', tokens[u])).statusCode).toBe(200);
    }
    for (const u of ['dispatcher', 'network', 'billing-staff', 'installer', 'residential']) {
      expect((await get('/api/staff/temp-locations', tokens[u])).statusCode).toBe(403);
      expect((await get('/api/staff/service-areas', tokens[u])).statusCode).toBe(403);
      expect(
        (await send('POST', `/api/staff/temp-locations/${id}/reject`, { reason: 'Nope' }, tokens[u])).statusCode,
      ).toBe(403);
      expect(
        (
          await send(
            'POST',
            `/api/staff/temp-locations/${id}/confirm`,
            confirmBody('77 Quarry Ridge Ct', '65010', 'Ashland', 38.74, -92.21),
            tokens[u],
          )
        ).statusCode,
      ).toBe(403);
      expect((await send('PUT', '/api/staff/service-areas/1', { areaKind: 'fiber' }, tokens[u])).statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/staff/temp-locations' })).statusCode).toBe(401);
    // Still waiting: nothing was changed by the refused calls.
    expect(await tempId(QUARRY.line1)).toBe(id);
  });

  it('an unknown id is 404 and bad input names its field', async () => {
    expect(
      (await send('POST', '/api/staff/temp-locations/999999/reject', { reason: 'No such house' })).statusCode,
    ).toBe(404);
    expect((await send('PUT', '/api/staff/service-areas/999999', { areaKind: 'fiber' })).statusCode).toBe(404);
    const id = await tempId(QUARRY.line1);
    const short = await send('POST', `/api/staff/temp-locations/${id}/reject`, { reason: 'x' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.reason).toContain('3 to 500 characters');
    const far = await send(
      'POST',
      `/api/staff/temp-locations/${id}/confirm`,
      confirmBody('77 Quarry Ridge Ct', '65010', 'Ashland', 200, -92.21),
    );
    expect(far.statusCode).toBe(400);
    expect(far.json().error.fields.latitude).toBe('Latitude must be a number from -90 to 90.');
    const wrongCity = await send(
      'POST',
      `/api/staff/temp-locations/${id}/confirm`,
      confirmBody('77 Quarry Ridge Ct', '65010', 'Columbia', 38.74, -92.21),
    );
    expect(wrongCity.statusCode).toBe(400);
    expect(wrongCity.json().error.fields.city).toContain('65010');
    const area = await send('PUT', '/api/staff/service-areas/1', { areaKind: 'outside' });
    expect(area.statusCode).toBe(400);
    expect(area.json().error.fields.areaKind).toContain('fiber, business_fiber, construction or signup');
  });
});

describe('temporary service locations', () => {
  it('confirming stores the address, tells the waiting lead once (with an /order link), and is done once', async () => {
    const id = await tempId(PRAIRIE.line1);
    const res = await send(
      'POST',
      `/api/staff/temp-locations/${id}/confirm`,
      confirmBody('4100 Prairie View Road', '65202', 'Columbia', PRAIRIE.latitude, PRAIRIE.longitude),
    );
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.tempLocation).toMatchObject({ status: 'confirmed', areaKind: 'fiber' });
    expect(r.leadsTold).toBe(1);
    const mails = mailTo(PRAIRIE.lead.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('fiber is now available at 4100 Prairie View Rd, Columbia, MO 65202');
    expect(mails[0]?.text).toContain('/order?line1=4100+Prairie+View+Rd&unit=&city=Columbia&state=MO&zip=65202');
    // Our address data knows it now: the next check is verified.
    const steps = orderingSteps(t);
    const checked = await steps.check({ line1: '4100 Prairie View Rd', city: 'Columbia', state: 'MO', zip: '65202' });
    expect(checked.status).toBe('verified');
    expect(checked.availability).toBe('available');
    const again = await send(
      'POST',
      `/api/staff/temp-locations/${id}/confirm`,
      confirmBody('4100 Prairie View Rd', '65202', 'Columbia', PRAIRIE.latitude, PRAIRIE.longitude),
    );
    expect(again.statusCode).toBe(409);
    expect(mailTo(PRAIRIE.lead.email)).toHaveLength(1);
    const audited = await t.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `temp_service_location:${id}`)
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['ordering.temp-location.confirmed']);
  });

  it('an order waits on its temporary location: rejecting is refused, confirming moves the order there and tells the customer', async () => {
    const steps = orderingSteps(t);
    const typed = { line1: '2299 Clark Ln', city: 'Columbia', state: 'MO', zip: '65202' };
    const checked = await steps.check(typed, { acceptUnverified: true });
    expect(checked.status).toBe('temporary');
    const created = await steps.anon('POST', '/api/ordering/carts', { checkId: checked.checkId });
    const cartId = created.json().cartId as string;
    const cart = (await steps.anon('PUT', `/api/ordering/carts/${cartId}`, { packageIds: [2] })).json();
    const body = await steps.newCustomerBody(cart);
    const placed = await steps.anon('POST', '/api/ordering/checkout', body, { 'idempotency-key': newKey('temp') });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().orderId as number;

    const id = await tempId('2299 Clark Ln');
    const listed = ((await get('/api/staff/temp-locations')).json().tempLocations as TempView[]).find(
      (l) => l.tempLocationId === id,
    );
    expect(listed?.orders.map((o) => o.orderId)).toEqual([orderId]);
    const refused = await send('POST', `/api/staff/temp-locations/${id}/reject`, { reason: 'No such house' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain(`#${orderId}`);

    const res = await send(
      'POST',
      `/api/staff/temp-locations/${id}/confirm`,
      confirmBody('2299 Clark Ln', '65202', 'Columbia', 38.9661, -92.2969),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().customersTold).toBe(1);
    const order = await t.db.db
      .selectFrom('sales_orders as o')
      .innerJoin('service_locations as l', 'l.id', 'o.service_location_id')
      .select(['l.address', 'l.latitude', 'l.longitude'])
      .where('o.id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ address: '2299 Clark Ln', latitude: 38.9661, longitude: -92.2969 });
    const events = await t.db.db
      .selectFrom('sales_order_events')
      .select('message')
      .where('sales_order_id', '=', orderId)
      .execute();
    expect(events.map((e) => e.message)).toContain('Address confirmed: 2299 Clark Ln, Columbia, MO 65202.');
    const told = mailTo(body.account.email as string).filter((m) => m.subject.includes('your address is confirmed'));
    expect(told).toHaveLength(1);
  });

  it('rejecting keeps the reason and tells the lead why', async () => {
    const id = await tempId(QUARRY.line1);
    const res = await send('POST', `/api/staff/temp-locations/${id}/reject`, {
      reason: 'The county has no house number 77 on Quarry Ridge Ct.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tempLocation).toMatchObject({
      status: 'rejected',
      rejectReason: 'The county has no house number 77 on Quarry Ridge Ct.',
    });
    const mails = mailTo(QUARRY.lead.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('could not confirm it: The county has no house number 77');
    const rejected = (await get('/api/staff/temp-locations?status=rejected')).json().tempLocations as TempView[];
    expect(rejected.map((l) => l.tempLocationId)).toContain(id);
    expect(
      (await send('POST', `/api/staff/temp-locations/${id}/reject`, { reason: 'Again and again' })).statusCode,
    ).toBe(409);
  });
});

describe('service areas', () => {
  it('a construction area that now sells fiber tells its waiting leads once, with an /order link', async () => {
    const areas = (await get('/api/staff/service-areas')).json().areas as {
      areaId: number;
      name: string;
      areaKind: string;
      waitingLeads: number;
    }[];
    const ashland = areas.find((a) => a.name === 'Ashland Fiber Construction');
    // The order-loop demo's lead at 412 Henry Clay Blvd, and any the demo's availability checks left there.
    expect(ashland?.areaKind).toBe('construction');
    const waiting = ashland?.waitingLeads ?? 0;
    expect(waiting).toBeGreaterThanOrEqual(1);
    const id = ashland?.areaId ?? 0;

    const res = await send('PUT', `/api/staff/service-areas/${id}`, { areaKind: 'fiber' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ leadsTold: waiting, area: { areaKind: 'fiber', waitingLeads: 0 } });
    const mails = mailTo(DEMO_CONSTRUCTION_LEAD.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Fiber is now available at 412 Henry Clay Blvd, Ashland, MO 65010');
    expect(mails[0]?.text).toContain('/order?line1=412+Henry+Clay+Blvd');
    // The map and the availability check say the same.
    const layer = await t.db.db
      .selectFrom('map_features')
      .select('layer_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(layer.layer_id).toBe(10);
    const steps = orderingSteps(t);
    expect(
      (await steps.check({ line1: '412 Henry Clay Blvd', city: 'Ashland', state: 'MO', zip: '65010' })).availability,
    ).toBe('available');

    // Back and forth: the lead was told already and is never mailed again.
    expect((await send('PUT', `/api/staff/service-areas/${id}`, { areaKind: 'construction' })).statusCode).toBe(200);
    const again = await send('PUT', `/api/staff/service-areas/${id}`, { areaKind: 'fiber' });
    expect(again.json().leadsTold).toBe(0);
    expect(mailTo(DEMO_CONSTRUCTION_LEAD.email)).toHaveLength(1);
    const audited = await t.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `service_area:${id}`)
      .execute();
    expect(audited).toHaveLength(3);
  });
});
