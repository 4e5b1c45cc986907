/** All SQL of trouble tickets and business-center requests. */
import type { Queryable } from '../../db/database.js';

/** How many of each list a screen gets (newest first); older ones stay on record. */
export const LIST_LIMIT = 200;

/** What every read of a ticket shows: its fields and who filed it (`users as u` joined on created_by). */
const TICKET_COLUMNS = [
  't.service_location_id',
  't.category',
  't.subject',
  't.description',
  't.status',
  't.contact_phone',
  't.created_at',
  'u.first_name',
  'u.last_name',
] as const;

export function troubleTicketsAt(db: Queryable, serviceLocationId: number) {
  return db
    .selectFrom('trouble_tickets as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .select(['t.id', ...TICKET_COLUMNS])
    .where('t.service_location_id', '=', serviceLocationId)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
}

export async function insertTroubleTicket(
  db: Queryable,
  ticket: {
    customerId: string;
    serviceLocationId: number;
    category: string;
    subject: string;
    description: string;
    contactPhone: string | null;
    createdBy: number;
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('trouble_tickets')
    .values({
      customer_id: ticket.customerId,
      service_location_id: ticket.serviceLocationId,
      category: ticket.category,
      subject: ticket.subject,
      description: ticket.description,
      contact_phone: ticket.contactPhone,
      status: 'Open',
      created_by: ticket.createdBy,
      created_at: ticket.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function businessCenterRequestsOf(db: Queryable, customerId: string) {
  return db
    .selectFrom('business_center_requests as r')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .leftJoin('service_locations as s', 's.id', 'r.service_location_id')
    .select([
      'r.id',
      'r.category',
      'r.subject',
      'r.description',
      'r.status',
      'r.created_at',
      'r.service_location_id',
      'u.first_name',
      'u.last_name',
      's.address',
      's.address2',
      's.city',
      's.state',
      's.zip',
    ])
    .where('r.customer_id', '=', customerId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
}

export async function insertBusinessCenterRequest(
  db: Queryable,
  request: {
    customerId: string;
    serviceLocationId: number;
    category: string;
    subject: string;
    description: string;
    createdBy: number;
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('business_center_requests')
    .values({
      customer_id: request.customerId,
      service_location_id: request.serviceLocationId,
      category: request.category,
      subject: request.subject,
      description: request.description,
      status: 'Open',
      created_by: request.createdBy,
      created_at: request.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// ---- a ticket's life: its page, replies and staff answers, response times ------------------------------------

/** One trouble ticket with its location's address and who filed it. */
export function troubleTicket(db: Queryable, id: number) {
  return db
    .selectFrom('trouble_tickets as t')
    .innerJoin('service_locations as l', 'l.id', 't.service_location_id')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .select(['t.id', 't.customer_id', ...TICKET_COLUMNS, 'l.address', 'l.city', 'l.state', 'l.zip'])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

export function ticketUpdates(db: Queryable, ticketId: number) {
  return db
    .selectFrom('trouble_ticket_updates as up')
    .leftJoin('users as u', 'u.id', 'up.user_id')
    .select([
      'up.id',
      'up.author',
      'up.body',
      'up.status',
      'up.created_at',
      'up.employee_id',
      'u.first_name',
      'u.last_name',
    ])
    .where('up.ticket_id', '=', ticketId)
    .orderBy('up.id')
    .execute();
}

export function responseHoursOf(db: Queryable, category: string) {
  return db
    .selectFrom('trouble_ticket_categories')
    .select('response_hours')
    .where('name', '=', category)
    .executeTakeFirst();
}

export function ticketCategories(db: Queryable) {
  return db.selectFrom('trouble_ticket_categories').select(['name', 'response_hours']).orderBy('position').execute();
}

/** Adds an update to a ticket and, when it carries one, sets the ticket's status. */
export async function addTicketUpdate(
  db: Queryable,
  u: {
    ticketId: number;
    author: 'customer' | 'staff';
    userId: number | null;
    employeeId: number | null;
    body: string;
    status: string | null;
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('trouble_ticket_updates')
    .values({
      ticket_id: u.ticketId,
      author: u.author,
      user_id: u.userId,
      employee_id: u.employeeId,
      body: u.body,
      status: u.status,
      created_at: u.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (u.status !== null) {
    await db.updateTable('trouble_tickets').set({ status: u.status }).where('id', '=', u.ticketId).execute();
  }
  return row.id;
}

/** Statuses of each staff filter ('open' holds the older 'In Progress' too; 'resolved' the older 'Closed'). */
export const OPEN_TICKET_STATUSES = ['Open', 'In Progress'] as const;
const FILTER_STATUSES: Record<string, readonly string[] | null> = {
  open: OPEN_TICKET_STATUSES,
  waiting: ['Waiting on customer'],
  resolved: ['Resolved', 'Closed'],
  all: null,
};

/** The staff's list: tickets of every account by status, those waiting longest first, with their last update. */
export function staffTickets(db: Queryable, filter: string) {
  const statuses = FILTER_STATUSES[filter] ?? null;
  return db
    .selectFrom('trouble_tickets as t')
    .innerJoin('customers as c', 'c.id', 't.customer_id')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .select((eb) => [
      't.id',
      't.customer_id',
      'c.name as customer_name',
      ...TICKET_COLUMNS,
      eb
        .selectFrom('trouble_ticket_updates as up')
        .select((s) => s.fn.max('up.created_at').as('m'))
        .whereRef('up.ticket_id', '=', 't.id')
        .as('last_update_at'),
    ])
    .$if(statuses !== null, (qb) => qb.where('t.status', 'in', [...(statuses ?? [])]))
    .orderBy('t.created_at', filter === 'resolved' ? 'desc' : 'asc')
    .orderBy('t.id')
    .limit(LIST_LIMIT)
    .execute();
}
