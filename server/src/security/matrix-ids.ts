/**
 * The ids of the authorization matrix: for each path parameter, the first record `who` owns in the demo data (read
 * from the database when the case runs, so a record an earlier case deleted is not used). Keyed by the parameter's
 * name; the contractor and installer portals both say `attachmentId`, so the route's prefix picks the reading.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { Who } from './authorization-matrix.js';

type Id = number | string | undefined;
type Resolver = (db: Kysely<Database>, who: Who, path: string) => Promise<Id>;

const first = async <T extends { id: number | string }>(q: Promise<T | undefined>): Promise<Id> => (await q)?.id;

/** A work order of the contractor company. */
const companyWorkOrder = (db: Kysely<Database>, who: Who) =>
  first(
    db.selectFrom('work_orders').select('id').where('contractor_id', '=', who.company).orderBy('id').executeTakeFirst(),
  );

const RESOLVERS: Record<string, Resolver> = {
  vcCustomerID: async (_db, who) => who.customerId,
  customerId: async (_db, who) => who.customerId,
  contactId: (db, who) =>
    first(
      db
        .selectFrom('contact_methods')
        .select('id')
        .where('customer_id', '=', who.customerId)
        .orderBy('id')
        .executeTakeFirst(),
    ),
  serviceLocationId: (db, who) =>
    first(
      db
        .selectFrom('service_locations')
        .select('id')
        .where('customer_id', '=', who.customerId)
        .orderBy('id')
        .executeTakeFirst(),
    ),
  /** Another user of the account when there is one (nobody edits their own permissions), else the caller. */
  userId: async (db, who) => {
    const users = await db
      .selectFrom('users')
      .select('id')
      .where('customer_id', '=', who.customerId)
      .orderBy('id')
      .execute();
    return (users.find((u) => u.id !== who.userId) ?? users[0])?.id;
  },
  /** The customer's first order (an installed one in the demo data: cancelling it is refused). */
  orderId: (db, who) =>
    first(
      db
        .selectFrom('sales_orders')
        .select('id')
        .where('customer_id', '=', who.customerId)
        .orderBy('id')
        .executeTakeFirst(),
    ),
  invoiceId: (db, who) =>
    first(
      db.selectFrom('invoices').select('id').where('customer_id', '=', who.customerId).orderBy('id').executeTakeFirst(),
    ),
  invoiceGroupId: async (db, who) =>
    (
      await db
        .selectFrom('invoices')
        .select('invoice_group_id')
        .where('customer_id', '=', who.customerId)
        .orderBy('id')
        .executeTakeFirst()
    )?.invoice_group_id,
  mailingLocationId: (db, who) =>
    first(
      db
        .selectFrom('mailing_locations')
        .select('id')
        .where('customer_id', '=', who.customerId)
        .orderBy('id')
        .executeTakeFirst(),
    ),
  paymentMethodId: (db, who) =>
    first(
      db
        .selectFrom('payment_methods')
        .select('id')
        .where('customer_id', '=', who.customerId)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirst(),
    ),
  /** A payment that went through (only those have a receipt). */
  paymentId: (db, who) =>
    first(
      db
        .selectFrom('payments')
        .select('id')
        .where('customer_id', '=', who.customerId)
        .where('status', 'in', ['Completed', 'Refunded'])
        .orderBy('id')
        .executeTakeFirst(),
    ),
  /** The user's first in-app notice (the support rows leave some). */
  notificationId: (db, who) =>
    first(
      db
        .selectFrom('notification_outbox')
        .select('id')
        .where('recipient_kind', 'in', ['user', 'employee'])
        .where('recipient_id', '=', String(who.userId))
        .where('channel', '=', 'in_app')
        .orderBy('id')
        .executeTakeFirst(),
    ),
  mailboxId: (db, who) =>
    first(
      db
        .selectFrom('email_accounts')
        .select('id')
        .where('customer_id', '=', who.customerId)
        .orderBy('id')
        .executeTakeFirst(),
    ),
  faxNumberId: (db, who) =>
    first(
      db
        .selectFrom('fax_numbers')
        .select('id')
        .where('customer_id', '=', who.customerId)
        .orderBy('id')
        .executeTakeFirst(),
    ),
  faxEmailId: (db, who) =>
    first(
      db
        .selectFrom('fax_email_addresses as e')
        .innerJoin('fax_numbers as n', 'n.id', 'e.fax_number_id')
        .select('e.id')
        .where('n.customer_id', '=', who.customerId)
        .orderBy('e.id')
        .executeTakeFirst(),
    ),
  sentFaxId: (db, who) =>
    first(
      db
        .selectFrom('sent_faxes')
        .select('id')
        .where('customer_id', '=', who.customerId)
        .orderBy('id')
        .executeTakeFirst(),
    ),
  /** A file of the account's first sent fax (the one sentFaxId names). */
  sentFaxFileId: (db, who) =>
    first(
      db
        .selectFrom('sent_fax_files as f')
        .innerJoin('sent_faxes as s', 's.id', 'f.sent_fax_id')
        .select('f.id')
        .where('s.customer_id', '=', who.customerId)
        .orderBy('f.sent_fax_id')
        .orderBy('f.id')
        .executeTakeFirst(),
    ),
  faxId: (db, who) =>
    first(
      db
        .selectFrom('faxes_received as f')
        .innerJoin('fax_numbers as n', 'n.id', 'f.fax_number_id')
        .select('f.id')
        .where('n.customer_id', '=', who.customerId)
        .orderBy('f.id')
        .executeTakeFirst(),
    ),

  // contractor portal: the company's records
  workOrderId: companyWorkOrder,
  entryId: (db, who) =>
    first(
      db
        .selectFrom('work_order_assembly_units as u')
        .innerJoin('work_orders as w', 'w.id', 'u.work_order_id')
        .select('u.id')
        .where('w.contractor_id', '=', who.company)
        .orderBy('u.id')
        .executeTakeFirst(),
    ),
  contractId: (db, who) =>
    first(
      db
        .selectFrom('fiber_contracts')
        .select('id')
        .where('contractor_id', '=', who.company)
        .orderBy('id')
        .executeTakeFirst(),
    ),
  /** The contractor portal's restoration tickets (the company's); elsewhere the account's trouble tickets. */
  ticketId: (db, who, path) =>
    first(
      path.startsWith('/api/contractor/')
        ? db
            .selectFrom('restoration_tickets')
            .select('id')
            .where('contractor_id', '=', who.company)
            .orderBy('id')
            .executeTakeFirst()
        : db
            .selectFrom('trouble_tickets')
            .select('id')
            .where('customer_id', '=', who.customerId)
            .orderBy('id')
            .executeTakeFirst(),
    ),
  attachmentId: async (db, who, path) => {
    const q = db.selectFrom('attachments as a').innerJoin('work_orders as w', 'w.id', 'a.work_order_id');
    const row = path.startsWith('/api/contractor/')
      ? await q.select('a.id').where('w.contractor_id', '=', who.company).orderBy('a.id').executeTakeFirst()
      : await q.select('a.id').where('w.id', '=', who.workOrder).orderBy('a.id').executeTakeFirst();
    const id = row?.id;
    return id === undefined ? undefined : path.startsWith('/api/installer/files/') ? String(id) : id;
  },

  // installer portal: the installer's work order and what hangs off it
  WOId: async (_db, who) => who.workOrder,
  nAssetId: (db, who) =>
    first(
      db
        .selectFrom('assets as a')
        .innerJoin('work_orders as w', 'w.service_location_id', 'a.service_location_id')
        .select('a.id')
        .where('w.id', '=', who.workOrder)
        .orderBy('a.id')
        .executeTakeFirst(),
    ),
  vcAssetID: async (db, who) =>
    (
      await db
        .selectFrom('assets as a')
        .innerJoin('work_orders as w', 'w.service_location_id', 'a.service_location_id')
        .select('a.asset_tag')
        .where('w.id', '=', who.workOrder)
        .orderBy('a.id')
        .executeTakeFirst()
    )?.asset_tag,
  ONTId: async (db, who) =>
    (
      await db
        .selectFrom('assets as a')
        .innerJoin('work_orders as w', 'w.service_location_id', 'a.service_location_id')
        .select('a.asset_tag')
        .where('w.id', '=', who.workOrder)
        .where('a.asset_tag', 'like', 'ONT-%')
        .orderBy('a.id')
        .executeTakeFirst()
    )?.asset_tag,
  RequestID: (db, who) =>
    first(
      db
        .selectFrom('asset_action_requests')
        .select('id')
        .where('work_order_id', '=', who.workOrder)
        .orderBy('id')
        .executeTakeFirst(),
    ),
  socketRecordID: (db, who) =>
    first(
      db
        .selectFrom('circuits as c')
        .innerJoin('work_orders as w', 'w.service_location_id', 'c.service_location_id')
        .select('c.id')
        .where('w.id', '=', who.workOrder)
        .orderBy('c.id')
        .executeTakeFirst(),
    ),

  // staff
  authCodeId: (db, who) =>
    first(
      db
        .selectFrom('auth_codes')
        .select('id')
        .where('customer_id', '=', who.customerId)
        .where('status', '!=', 'removed')
        .orderBy('id')
        .executeTakeFirst(),
    ),
  /** Business-center requests as staff update them: the first (any account's). */
  requestId: (db) => first(db.selectFrom('business_center_requests').select('id').orderBy('id').executeTakeFirst()),
  categoryId: (db) => first(db.selectFrom('business_center_categories').select('id').orderBy('id').executeTakeFirst()),
  submissionId: (db) => first(db.selectFrom('applicant_submissions').select('id').orderBy('id').executeTakeFirst()),
  /** Notices are the provider's, not an owner's: the first one (the demo's sent notice). */
  noticeId: (db) => first(db.selectFrom('notices').select('id').orderBy('id').executeTakeFirst()),
  /** Temporary service locations and service areas are the provider's: the demo's first of each. */
  tempLocationId: (db) => first(db.selectFrom('temp_service_locations').select('id').orderBy('id').executeTakeFirst()),
  areaId: async (db) =>
    (await db.selectFrom('service_area_bounds').select('map_feature_id').orderBy('map_feature_id').executeTakeFirst())
      ?.map_feature_id,
};

/** An id no demo record has, for a role that owns no record of the kind. */
export const UNKNOWN_ID = 2_000_000_000;

/** The value of path parameter `name` for `who`; undefined when `who` owns no such record. */
export async function idFor(db: Kysely<Database>, name: string, who: Who, path: string): Promise<Id> {
  const resolve = RESOLVERS[name];
  if (!resolve) throw new Error(`No id resolver for path parameter {${name}} of ${path}: add one to matrix-ids.ts`);
  return resolve(db, who, path);
}
