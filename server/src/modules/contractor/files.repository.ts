/** All SQL of a contractor work order's files: what its PDF prints (attachments are the attachments module's). */
import type { Queryable } from '../../db/database.js';

export function findAssignees(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('work_order_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.first_name', 'u.last_name'])
    .where('a.work_order_id', '=', workOrderId)
    .orderBy('u.last_name')
    .execute();
}

export function findContacts(db: Queryable, serviceLocationId: number) {
  return db
    .selectFrom('contact_methods as m')
    .innerJoin('contact_method_locations as l', 'l.contact_method_id', 'm.id')
    .select(['m.name', 'm.category', 'm.phone', 'm.email'])
    .where('l.service_location_id', '=', serviceLocationId)
    .orderBy('m.id')
    .execute();
}

export function findNotes(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('work_order_notes')
    .select(['author', 'body', 'created_at'])
    .where('work_order_id', '=', workOrderId)
    .orderBy('created_at')
    .execute();
}
