/** All SQL of the contractor's calendar, map and restoration tickets. */
import type { Kysely } from 'kysely';
import type { Database, Queryable } from '../../db/database.js';

export const CALENDAR_EVENT_LIMIT = 1_000;

/** Events of the company that overlap [start, end). */
export function findCalendarEvents(db: Queryable, companyId: number, start: string, end: string) {
  return db
    .selectFrom('calendar_events as e')
    .leftJoin('work_orders as wo', 'wo.id', 'e.work_order_id')
    .select(['e.id', 'e.title', 'e.starts_at', 'e.ends_at', 'e.work_order_id', 'wo.status'])
    .where('e.contractor_id', '=', companyId)
    .where('e.starts_at', '<', end)
    .where('e.ends_at', '>', start)
    .orderBy('e.starts_at')
    .orderBy('e.id')
    .limit(CALENDAR_EVENT_LIMIT)
    .execute();
}

export const MAP_WORK_ORDER_LIMIT = 2_000;

export function findMapWorkOrders(db: Queryable, companyId: number) {
  return db
    .selectFrom('work_orders as wo')
    .innerJoin('work_order_types as t', 't.id', 'wo.type_id')
    .innerJoin('customers as c', 'c.id', 'wo.customer_id')
    .innerJoin('service_locations as sl', 'sl.id', 'wo.service_location_id')
    .leftJoin('checklists as ch', 'ch.work_order_id', 'wo.id')
    .select([
      'wo.id',
      'wo.status',
      'wo.gis_object_id',
      'wo.acknowledged_at',
      't.description as type_description',
      't.view_file',
      't.is_business',
      't.template_type',
      'c.name as customer_name',
      'sl.address',
      'sl.city',
      'sl.state',
      'sl.zip',
      'sl.latitude',
      'sl.longitude',
      'ch.data as checklist_data',
    ])
    .where('wo.contractor_id', '=', companyId)
    .orderBy('wo.id')
    .limit(MAP_WORK_ORDER_LIMIT)
    .execute();
}

export interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}

/** Plant features of the given layers inside any of the boxes (one query; the layer/lat/lon index serves it). */
export function findFeaturesIn(db: Queryable, layers: readonly number[], boxes: readonly Box[], limit: number) {
  if (boxes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('map_features')
    .select(['id', 'layer_id', 'name', 'geometry'])
    .where('layer_id', 'in', layers)
    .where((eb) =>
      eb.or(
        boxes.map((b) =>
          eb.and([
            eb('latitude', '>=', b.south),
            eb('latitude', '<=', b.north),
            eb('longitude', '>=', b.west),
            eb('longitude', '<=', b.east),
          ]),
        ),
      ),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

export const RESTORATION_TICKET_LIMIT = 500;

export function findRestorationTickets(db: Queryable, companyId: number, status: string | undefined) {
  let query = db
    .selectFrom('restoration_tickets as r')
    .leftJoin('work_orders as wo', 'wo.id', 'r.work_order_id')
    .leftJoin('work_order_types as t', 't.id', 'wo.type_id')
    .select([
      'r.id',
      'r.work_order_id',
      'r.address',
      'r.description',
      'r.status',
      'r.image_key',
      'r.created_at',
      't.description as type_description',
    ])
    .where('r.contractor_id', '=', companyId);
  if (status) query = query.where('r.status', '=', status);
  return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(RESTORATION_TICKET_LIMIT).execute();
}

/** The notes of several tickets in one query (no query per ticket). */
export function findNotesOf(db: Queryable, ticketIds: readonly number[]) {
  if (ticketIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('restoration_ticket_notes')
    .select(['id', 'ticket_id', 'author', 'body', 'created_at'])
    .where('ticket_id', 'in', ticketIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findTicket(db: Queryable | Kysely<Database>, ticketId: number) {
  return db
    .selectFrom('restoration_tickets')
    .select(['id', 'contractor_id', 'image_key', 'image_sha256'])
    .where('id', '=', ticketId)
    .executeTakeFirst();
}

/** Restoration tickets of every company not yet complete (staff tie an outage notice to one). */
export function findOpenRestorationTickets(db: Queryable | Kysely<Database>) {
  return db
    .selectFrom('restoration_tickets')
    .select(['id', 'address', 'status', 'description'])
    .where('status', '!=', 'Complete')
    .orderBy('id')
    .limit(RESTORATION_TICKET_LIMIT)
    .execute();
}

export function findRestorationTicketSummary(db: Queryable | Kysely<Database>, ticketId: number) {
  return db
    .selectFrom('restoration_tickets')
    .select(['id', 'address', 'status', 'description'])
    .where('id', '=', ticketId)
    .executeTakeFirst();
}
