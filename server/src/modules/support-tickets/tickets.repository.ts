/** All SQL of trouble tickets and business-center requests. */
import type { Queryable } from '../../db/database.js';

/** How many of each list a screen gets (newest first); older ones stay on record. */
export const LIST_LIMIT = 200;

export function troubleTicketsAt(db: Queryable, serviceLocationId: number) {
  return db
    .selectFrom('trouble_tickets as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .select([
      't.id',
      't.service_location_id',
      't.category',
      't.subject',
      't.description',
      't.status',
      't.contact_phone',
      't.created_at',
      'u.first_name',
      'u.last_name',
    ])
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
