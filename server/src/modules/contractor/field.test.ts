import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTORATION_IMAGES } from '../../demo/demo-files.js';
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
const get = (user: string, url: string) => t.request({ method: 'GET', url, token: tokens[user] });
const DAY = 86_400_000;
const range = (fromDays: number, toDays: number) => {
  const now = Date.now();
  return `start=${new Date(now + fromDays * DAY).toISOString()}&end=${new Date(now + toDays * DAY).toISOString()}`;
};

describe('GET /api/contractor/calendar-events', () => {
  it('gives the company’s events in the range, with their work orders', async () => {
    const res = await get('contractor', `/api/contractor/calendar-events?${range(-8, 22)}`);
    expect(res.statusCode).toBe(200);
    const events = res.json();
    const titles = events.map((e: { title: string }) => e.title);
    expect(titles).toContain('Prairie Fiber weekly tailgate meeting');
    expect(titles).not.toContain('Crew safety briefing');
    const jobs = events.filter((e: { WorkOrderID: number | null }) => e.WorkOrderID !== null);
    expect(jobs.length).toBeGreaterThanOrEqual(20);
    for (const e of jobs) expect(e.WorkOrderID).toBeGreaterThanOrEqual(110_001);
    for (const e of jobs) expect(e.WorkOrderID).toBeLessThanOrEqual(110_026);
    expect(events.map((e: { start: string }) => e.start)).toEqual(
      [...events.map((e: { start: string }) => e.start)].sort(),
    );
  });

  it('shows company 1 only its own events', async () => {
    const events = (await get('contractor1', `/api/contractor/calendar-events?${range(-8, 22)}`)).json();
    for (const e of events) {
      if (e.WorkOrderID !== null) expect(CW.company1).toContain(e.WorkOrderID);
      else expect(e.title).toBe('Crew safety briefing');
    }
  });

  it('names a bad range, and refuses other roles', async () => {
    const backwards = await get('contractor', `/api/contractor/calendar-events?${range(5, 1)}`);
    expect(backwards.json().error.fields.end).toBe('end must be after start.');
    const long = await get('contractor', `/api/contractor/calendar-events?${range(0, 101)}`);
    expect(long.json().error.fields.end).toBe('The range may span at most 100 days.');
    expect((await get('contractor', '/api/contractor/calendar-events?start=yesterday&end=today')).statusCode).toBe(400);
    expect((await get('installer', `/api/contractor/calendar-events?${range(0, 1)}`)).statusCode).toBe(403);
  });
});

describe('GET /api/contractor/map-data', () => {
  it('places every work order of the company, with GIS object ids where they exist, and plant around them', async () => {
    const res = await get('contractor', '/api/contractor/map-data');
    expect(res.statusCode).toBe(200);
    const { workOrders, features } = res.json();
    const ids = workOrders.map((w: { nCount: number }) => w.nCount);
    for (let n = 110_001; n <= 110_026; n++) expect(ids).toContain(n);
    for (const foreign of CW.company1) expect(ids).not.toContain(foreign);
    const closed = workOrders.find((w: { nCount: number }) => w.nCount === CW.company2Closed);
    expect(closed).toMatchObject({ vcStatus: 'Closed', isComplete: true });
    const gis = await t.db.db
      .selectFrom('work_orders')
      .select(['id', 'gis_object_id'])
      .where('contractor_id', '=', 2)
      .where('gis_object_id', 'is not', null)
      .execute();
    expect(gis.length).toBeGreaterThan(0);
    for (const g of gis) {
      expect(workOrders.find((w: { nCount: number }) => w.nCount === g.id).vcGISObjectID).toBe(g.gis_object_id);
    }
    expect(features.length).toBeGreaterThan(50);
    expect(new Set(features.map((f: { geometry: { type: string } }) => f.geometry.type))).toEqual(
      new Set(['Point', 'LineString', 'Polygon']),
    );
  });

  it('refuses installers, customers and staff', async () => {
    for (const user of ['installer', 'residential', 'staff']) {
      expect((await get(user, '/api/contractor/map-data')).statusCode).toBe(403);
    }
  });
});

describe('restoration tickets', () => {
  const COMPANY1_TICKET = 6;
  const addNote = (user: string, ticketId: number, txtNote: unknown, key?: string) =>
    t.request({
      method: 'POST',
      url: `/api/contractor/restoration-tickets/${ticketId}/notes`,
      token: tokens[user],
      payload: { txtNote },
      headers: key ? { 'idempotency-key': key } : {},
    });

  it('lists the company’s tickets with their notes, and filters by status', async () => {
    const tickets = (await get('contractor', '/api/contractor/restoration-tickets')).json();
    expect(tickets).toHaveLength(5);
    for (const ticket of tickets) {
      expect(ticket.notes).toHaveLength(2);
      expect(ticket.hasImage).toBe(true);
    }
    expect(tickets[0].dtCreated >= tickets[1].dtCreated).toBe(true);
    const complete = (await get('contractor', '/api/contractor/restoration-tickets?status=Complete')).json();
    expect(complete.map((x: { txtDescription: string }) => x.txtDescription)).toEqual([
      'Ruts from the mini-excavator in the side yard.',
    ]);
    expect((await get('contractor', '/api/contractor/restoration-tickets?status=Lost')).statusCode).toBe(400);
    expect((await get('contractor1', '/api/contractor/restoration-tickets')).json()).toHaveLength(3);
  });

  it('adds a note signed with the user’s name, once per Idempotency-Key', async () => {
    const res = await addNote('fieldtech', 1, '  Seed went down today.  ', 'note-key-0000001');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ vcAuthor: 'Frankie Ford', txtNote: 'Seed went down today.' });
    expect((await addNote('fieldtech', 1, 'Seed went down today.', 'note-key-0000001')).json()).toEqual(res.json());
    const ticket = (await get('contractor', '/api/contractor/restoration-tickets'))
      .json()
      .find((x: { nTicketID: number }) => x.nTicketID === 1);
    expect(ticket.notes).toHaveLength(3);
    expect(ticket.notes.at(-1).txtNote).toBe('Seed went down today.');
  });

  it('refuses an empty or too long note, another company’s ticket and other roles', async () => {
    expect((await addNote('contractor', 1, '   ')).json().error.fields.txtNote).toBe('Write a note before adding it.');
    expect((await addNote('contractor', 1, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await addNote('contractor', COMPANY1_TICKET, 'Not ours')).statusCode).toBe(403);
    expect((await addNote('contractor', 999, 'Nobody')).statusCode).toBe(404);
    expect((await addNote('installer', 1, 'Hi')).statusCode).toBe(403);
  });

  it('serves a ticket’s image to its company only', async () => {
    const res = await get('contractor', '/api/contractor/restoration-tickets/1/image');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(RESTORATION_IMAGES[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect((await get('contractor', `/api/contractor/restoration-tickets/${COMPANY1_TICKET}/image`)).statusCode).toBe(
      403,
    );
    expect((await get('residential', '/api/contractor/restoration-tickets/1/image')).statusCode).toBe(403);
  });
});
