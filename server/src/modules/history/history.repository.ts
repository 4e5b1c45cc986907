/** All SQL of the timelines: audit_log rows by subject (audit_log_subject_type_idx) or by account (audit_log_customer_idx). */
import type { Queryable } from '../../db/database.js';

export interface HistoryFilter {
  type: string;
  id: string;
  /** The order's work orders, read with the order. */
  workOrderIds?: number[];
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}

function base(db: Queryable, f: HistoryFilter) {
  let q = db.selectFrom('audit_log as a').leftJoin('users as u', 'u.id', 'a.user_id');
  if (f.type === 'account') q = q.where('a.customer_id', '=', f.id);
  else {
    const wos = (f.workOrderIds ?? []).map(String);
    q = q.where((eb) =>
      eb.or([
        eb.and([eb('a.subject_type', '=', f.type), eb('a.subject_id', '=', f.id)]),
        ...(wos.length > 0 ? [eb.and([eb('a.subject_type', '=', 'work_order'), eb('a.subject_id', 'in', wos)])] : []),
      ]),
    );
  }
  if (f.action) q = q.where('a.action', 'like', `${f.action.replace(/[%_]/g, '')}%`);
  if (f.from) q = q.where('a.at', '>=', f.from);
  if (f.to) q = q.where('a.at', '<', f.to);
  if (f.actor === 'system') q = q.where('a.user_id', 'is', null).where('a.employee_id', 'is', null);
  else if (f.actor === 'staff') q = q.where('a.employee_id', 'is not', null);
  else if (f.actor === 'customer') q = q.where('a.user_id', 'is not', null).where('u.is_staff', '=', 0);
  else if (f.actor) {
    const like = `%${f.actor.toLowerCase().replace(/[%_]/g, '')}%`;
    q = q.where((eb) =>
      eb.or([eb(eb.fn('lower', ['u.first_name']), 'like', like), eb(eb.fn('lower', ['u.last_name']), 'like', like)]),
    );
  }
  return q;
}

export async function page(db: Queryable, f: HistoryFilter, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    base(db, f)
      .select([
        'a.id',
        'a.at',
        'a.action',
        'a.detail',
        'a.changes',
        'a.subject_type',
        'a.subject_id',
        'a.user_id',
        'a.employee_id',
        'a.super_user',
        'a.ip',
        'a.user_agent',
        'u.first_name',
        'u.last_name',
        'u.is_staff',
      ])
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Staff names by employee id (the person behind a super-user session). */
export async function employeeNames(db: Queryable, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('users')
    .select(['employee_id', 'first_name', 'last_name'])
    .where('employee_id', 'in', ids)
    .where('is_staff', '=', 1)
    .execute();
  return new Map(rows.map((r) => [r.employee_id as number, `${r.first_name} ${r.last_name}`]));
}

/** Whether the subject exists (a 404 otherwise), and an order's work orders. */
export async function subjectExists(db: Queryable, type: string, id: string): Promise<boolean> {
  if (type === 'account') {
    return Boolean(await db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst());
  }
  const n = Number(id);
  if (!Number.isSafeInteger(n)) return false;
  const table = { order: 'sales_orders', work_order: 'work_orders', ticket: 'trouble_tickets', payment: 'payments' }[
    type
  ] as 'sales_orders' | 'work_orders' | 'trouble_tickets' | 'payments';
  return Boolean(await db.selectFrom(table).select('id').where('id', '=', n).executeTakeFirst());
}

export async function workOrdersOf(db: Queryable, orderId: number): Promise<number[]> {
  const rows = await db.selectFrom('work_orders').select('id').where('order_id', '=', orderId).execute();
  return rows.map((r) => r.id);
}
