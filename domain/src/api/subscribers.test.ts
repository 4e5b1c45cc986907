import { describe, expect, it } from 'vitest';
import {
  filterOf,
  maintenanceWindowProblem,
  NoticeDraftSchema,
  noticeMessage,
  noticeStatusOf,
  SubscriberFilterSchema,
  SubscriberListQuerySchema,
} from './subscribers.js';

const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => i.path.join('.'));

describe('subscriber filter schema', () => {
  it('reads a query string: numbers and flags as text, every filter optional', () => {
    expect(SubscriberFilterSchema.parse({})).toEqual({});
    expect(
      SubscriberListQuerySchema.parse({
        packageId: '2',
        category: 'tv',
        centralOfficeId: '6',
        coloArea: ' CLM-CLARK ',
        ontModelId: '1',
        accountStatus: 'Active',
        balanceOverCents: '0',
        pastDue: 'true',
        sort: 'balance',
        dir: 'desc',
        page: '3',
        pageSize: '25',
      }),
    ).toEqual({
      packageId: 2,
      category: 'tv',
      centralOfficeId: 6,
      coloArea: 'CLM-CLARK',
      ontModelId: 1,
      accountStatus: 'Active',
      balanceOverCents: 0,
      pastDue: 'true',
      sort: 'balance',
      dir: 'desc',
      page: 3,
      pageSize: 25,
    });
  });

  it('names the field and what it allows', () => {
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ packageId: 'two' }, 'packageId', /packageId must be a package id/],
      [{ packageId: '0' }, 'packageId', /whole number/],
      [{ category: 'fiber' }, 'category', /internet, phone, tv, pbx, static_ip, wifi/],
      [{ coloArea: 'a;drop table' }, 'coloArea', /colo area name/],
      [{ accountStatus: '9' }, 'accountStatus', /Active or Pending/],
      [{ balanceOverCents: '12.5' }, 'balanceOverCents', /whole number of cents/],
      [{ pastDue: 'yes' }, 'pastDue', /true or false/],
      [{ pageSize: '201' }, 'pageSize', /1 to 200/],
      [{ sort: 'zip' }, 'sort', /customer, account, address, area, status, balance/],
    ];
    for (const [input, field, message] of cases) {
      const r = SubscriberListQuerySchema.safeParse(input);
      expect(r.success, field).toBe(false);
      expect(fieldsOf(r), field).toEqual([field]);
      expect(r.error?.issues[0]?.message, field).toMatch(message);
    }
  });

  it('keeps only the filter of a query, without paging, sorting or empty values', () => {
    expect(filterOf({ coloArea: 'X', page: 2, sort: 'customer', pageSize: 10, category: undefined })).toEqual({
      coloArea: 'X',
    });
  });
});

describe('notice draft', () => {
  const base = {
    kind: 'maintenance',
    subject: ' Cabinet work ',
    body: 'Line one\r\nLine two',
    windowStart: '2030-01-01T04:00:00Z',
    windowEnd: '2030-01-01T06:00:00Z',
    filter: { coloArea: 'CLM-CLARK' },
  };

  it('cleans the texts and accepts a maintenance window', () => {
    const d = NoticeDraftSchema.parse(base);
    expect(d.subject).toBe('Cabinet work');
    expect(d.body).toBe('Line one\nLine two');
  });

  it('needs a window for maintenance and a ticket for an outage, never both', () => {
    expect(fieldsOf(NoticeDraftSchema.safeParse({ ...base, windowEnd: null }))).toEqual(['windowEnd']);
    expect(fieldsOf(NoticeDraftSchema.safeParse({ ...base, restorationTicketId: 3 }))).toEqual(['restorationTicketId']);
    const outage = { ...base, kind: 'outage', windowStart: null, windowEnd: null };
    expect(fieldsOf(NoticeDraftSchema.safeParse(outage))).toEqual(['restorationTicketId']);
    expect(NoticeDraftSchema.safeParse({ ...outage, restorationTicketId: 3 }).success).toBe(true);
    expect(
      fieldsOf(NoticeDraftSchema.safeParse({ ...outage, restorationTicketId: 3, windowStart: base.windowStart })),
    ).toEqual(['windowStart']);
  });

  it('limits the subject and the message', () => {
    expect(fieldsOf(NoticeDraftSchema.safeParse({ ...base, subject: 'x'.repeat(151) }))).toEqual(['subject']);
    expect(fieldsOf(NoticeDraftSchema.safeParse({ ...base, body: 'x'.repeat(5001) }))).toEqual(['body']);
    expect(fieldsOf(NoticeDraftSchema.safeParse({ ...base, body: ' \n ' }))).toEqual(['body']);
  });

  it('checks the window: an end after its start, at most 72 hours', () => {
    expect(maintenanceWindowProblem('2030-01-01T04:00:00Z', '2030-01-01T04:00:00Z')?.field).toBe('windowEnd');
    expect(maintenanceWindowProblem('2030-01-01T04:00:00Z', '2030-01-04T04:00:00Z')).toBeNull();
    expect(maintenanceWindowProblem('2030-01-01T04:00:00Z', '2030-01-04T04:00:01Z')?.message).toMatch(/72 hours/);
    expect(maintenanceWindowProblem(null, '2030-01-01T04:00:00Z')?.field).toBe('windowStart');
  });
});

describe('notice state', () => {
  const c = (pending: number, sending: number, sent: number, failed: number) => ({ pending, sending, sent, failed });
  it('is queued until its recipients are listed, sending while any is left, then sent, partly failed or failed', () => {
    expect(noticeStatusOf(false, c(0, 0, 0, 0))).toBe('queued');
    expect(noticeStatusOf(true, c(3, 0, 0, 0))).toBe('sending');
    expect(noticeStatusOf(true, c(0, 1, 5, 2))).toBe('sending');
    expect(noticeStatusOf(true, c(0, 0, 5, 0))).toBe('sent');
    expect(noticeStatusOf(true, c(0, 0, 5, 1))).toBe('partly_failed');
    expect(noticeStatusOf(true, c(0, 0, 0, 4))).toBe('failed');
  });

  it('counts a skipped customer (no address, turned off, not opted in) as no failure', () => {
    const s = (sent: number, failed: number, skipped: number) => ({ pending: 0, sending: 0, sent, failed, skipped });
    expect(noticeStatusOf(true, s(5, 0, 12))).toBe('sent');
    // Nobody took this mail (an offer nobody opted in to): nothing failed, so the notice is sent, not failed.
    expect(noticeStatusOf(true, s(0, 0, 12))).toBe('sent');
    expect(noticeStatusOf(true, s(5, 1, 12))).toBe('partly_failed');
    expect(noticeStatusOf(true, s(0, 2, 12))).toBe('failed');
    expect(noticeStatusOf(true, { pending: 1, sending: 0, sent: 0, failed: 0, skipped: 12 })).toBe('sending');
  });
});

describe('the notice message', () => {
  it('carries the message and the window in Central Time', () => {
    const text = noticeMessage({
      kind: 'maintenance',
      body: 'We are splicing.',
      windowStart: '2025-07-02T03:00:00Z',
      windowEnd: '2025-07-02T05:00:00Z',
      ticketReference: null,
    });
    expect(text).toContain('We are splicing.\nPlanned maintenance window: Tue, Jul 1, 2025, 10:00 PM CDT');
    expect(text).toContain('to Wed, Jul 2, 2025, 12:00 AM CDT.');
  });

  it('names the outage’s restoration ticket', () => {
    const text = noticeMessage({
      kind: 'outage',
      body: 'A cut fiber.',
      windowStart: null,
      windowEnd: null,
      ticketReference: 'restoration ticket 3 (470 S Scott Blvd, Columbia, MO 65201)',
    });
    expect(text).toContain('under restoration ticket 3 (470 S Scott Blvd, Columbia, MO 65201).');
    expect(text).not.toContain('window');
  });
});
