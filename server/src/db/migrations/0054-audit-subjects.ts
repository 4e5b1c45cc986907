/**
 * One audit log readable by subject (issue 29 item 5): each `audit_log` row gets its subject as type + id (account,
 * order, work_order, ticket, payment, or another kind such as asset), the customer account it concerns, whether it
 * was done through a super-user session, the before → after of the changed fields, and where it came from (IP and a
 * short user agent). Old rows stay readable: their `subject` text is split into the new columns here with the rules
 * lib/audit.ts applies to new rows (`sales_order:12` → order 12, `<customer>:<object>` by the action's kind).
 */
import { sql } from 'kysely';
import type { AnyDb, MigrationKit } from '../migration-kit.js';

const TYPED: Record<string, string> = {
  sales_order: 'order',
  work_order: 'work_order',
  'trouble-ticket': 'ticket',
};

/** The same reading of an old `subject` as lib/audit.ts subjectOf (kept here so the migration never changes). */
function split(action: string, subject: string | null): { type: string; id: string; customerId: string | null } | null {
  if (!subject) return null;
  const colon = subject.indexOf(':');
  if (colon < 0)
    return /^\d{4}-\d{4}-\d{4}$/.test(subject) ? { type: 'account', id: subject, customerId: subject } : null;
  const head = subject.slice(0, colon);
  const tail = subject.slice(colon + 1);
  if (TYPED[head]) return { type: TYPED[head], id: tail, customerId: null };
  if (!/^\d{4}-\d{4}-\d{4}$/.test(head)) return { type: head.replace(/-/g, '_'), id: tail, customerId: null };
  if (/\.payment\./.test(action)) return { type: 'payment', id: tail, customerId: head };
  if (/trouble-ticket/.test(action)) return { type: 'ticket', id: tail, customerId: head };
  if (/(^|\.)order(\.|$)/.test(action)) return { type: 'order', id: tail, customerId: head };
  return { type: 'account', id: head, customerId: head };
}

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const { index, addColumns } = kit;
  await addColumns('audit_log', [
    ['subject_type', 'text', null],
    ['subject_id', 'text', null],
    ['customer_id', 'text', null],
    ['super_user', 'integer', 0],
    ['changes', 'text', null],
    ['ip', 'text', null],
    ['user_agent', 'text', null],
  ]);
  const rows: { id: number; action: string; subject: string | null }[] = await db
    .selectFrom('audit_log')
    .select(['id', 'action', 'subject'])
    .where('subject', 'is not', null)
    .execute();
  for (const r of rows) {
    const s = split(r.action, r.subject);
    if (!s) continue;
    await db
      .updateTable('audit_log')
      .set({ subject_type: s.type, subject_id: s.id, customer_id: s.customerId })
      .where('id', '=', r.id)
      .execute();
  }
  // Old staff rows about an order or a work order: their account from the order or work order.
  await db
    .updateTable('audit_log')
    .set((eb) => ({
      customer_id: eb
        .selectFrom('sales_orders as o')
        .select('o.customer_id')
        .where(sql`cast(o.id as text)`, '=', sql.ref('audit_log.subject_id')),
    }))
    .where('subject_type', '=', 'order')
    .where('customer_id', 'is', null)
    .execute();
  await db
    .updateTable('audit_log')
    .set((eb) => ({
      customer_id: eb
        .selectFrom('work_orders as w')
        .select('w.customer_id')
        .where(sql`cast(w.id as text)`, '=', sql.ref('audit_log.subject_id')),
    }))
    .where('subject_type', '=', 'work_order')
    .where('customer_id', 'is', null)
    .execute();
  await db
    .updateTable('audit_log')
    .set((eb) => ({
      customer_id: eb
        .selectFrom('trouble_tickets as t')
        .select('t.customer_id')
        .where(sql`cast(t.id as text)`, '=', sql.ref('audit_log.subject_id')),
    }))
    .where('subject_type', '=', 'ticket')
    .where('customer_id', 'is', null)
    .execute();
  // A timeline by subject, and an account's timeline (everything about the account), newest first.
  await index('audit_log_subject_type_idx', 'audit_log', ['subject_type', 'subject_id', 'at']);
  await index('audit_log_customer_idx', 'audit_log', ['customer_id', 'at']);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropIndex('audit_log_customer_idx').execute();
  await db.schema.dropIndex('audit_log_subject_type_idx').execute();
  for (const c of ['user_agent', 'ip', 'changes', 'super_user', 'customer_id', 'subject_id', 'subject_type']) {
    await db.schema.alterTable('audit_log').dropColumn(c).execute();
  }
}
