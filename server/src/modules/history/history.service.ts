/**
 * Timelines from the one audit log (lib/audit.ts writes it in each change's transaction): a subject's history for
 * staff, filtered and paged; the customer's own account's activity in plain words ("Autopay turned on by Dana Diaz").
 */
import type { CustomerActivity, HistoryEntry, HistoryPage, StaffHistoryQuery } from '@strand/domain';
import type { AppContext } from '../../context.js';
import type { FieldChange } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { summaryOf } from './history.policy.js';
import * as repo from './history.repository.js';

export const PAGE_SIZE = 25;

const parse = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

async function entriesOf(ctx: AppContext, rows: Awaited<ReturnType<typeof repo.page>>['rows']) {
  const employees = await repo.employeeNames(ctx.db, [
    ...new Set(rows.filter((r) => r.super_user === 1 && r.employee_id !== null).map((r) => r.employee_id as number)),
  ]);
  return rows.map((r): HistoryEntry => {
    const who = r.first_name ? `${r.first_name} ${r.last_name}` : null;
    const staff = r.super_user !== 1 && (r.is_staff === 1 || (r.user_id === null && r.employee_id !== null));
    return {
      id: r.id,
      at: r.at,
      who: who ?? (r.employee_id !== null ? `Employee ${r.employee_id}` : null),
      actorKind: staff ? 'staff' : r.user_id === null ? 'system' : 'customer',
      viaSuperUser:
        r.super_user === 1 ? (employees.get(r.employee_id ?? -1) ?? `Employee ${r.employee_id ?? '?'}`) : null,
      action: r.action,
      summary: summaryOf(r.action, parse<Record<string, unknown> | null>(r.detail, null)),
      changes: parse<FieldChange[]>(r.changes, []),
      subject: { type: r.subject_type ?? 'other', id: r.subject_id ?? '' },
      ip: r.ip,
      device: r.user_agent,
    };
  });
}

/** A subject's timeline for staff: newest first, PAGE_SIZE a page; a subject that does not exist is a 404. */
export async function staffHistory(ctx: AppContext, q: StaffHistoryQuery): Promise<HistoryPage> {
  if (!(await repo.subjectExists(ctx.db, q.type, q.id))) throw notFound(`No ${q.type.replace('_', ' ')} ${q.id}.`);
  const workOrderIds = q.type === 'order' ? await repo.workOrdersOf(ctx.db, Number(q.id)) : [];
  const to = q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000).toISOString() : undefined;
  const { rows, total } = await repo.page(
    ctx.db,
    {
      type: q.type,
      id: q.id,
      workOrderIds,
      actor: q.actor || undefined,
      action: q.action || undefined,
      from: q.from,
      to,
    },
    (q.page - 1) * PAGE_SIZE,
    PAGE_SIZE,
  );
  return { entries: await entriesOf(ctx, rows), page: q.page, pageSize: PAGE_SIZE, total };
}

/** The entries about the customer's own account, in plain words. */
export async function customerActivity(ctx: AppContext, customerId: string, page: number): Promise<CustomerActivity> {
  const { rows, total } = await repo.page(
    ctx.db,
    { type: 'account', id: customerId },
    (page - 1) * PAGE_SIZE,
    PAGE_SIZE,
  );
  const entries = await entriesOf(ctx, rows);
  return {
    entries: entries.map((e) => ({
      id: e.id,
      at: e.at,
      text: e.viaSuperUser
        ? `${e.summary} by ${e.who ?? 'you'} (staff: ${e.viaSuperUser}, through a super-user session)`
        : e.actorKind === 'staff'
          ? `${e.summary} by our staff (${e.who})`
          : e.who
            ? `${e.summary} by ${e.who}`
            : e.summary,
    })),
    page,
    pageSize: PAGE_SIZE,
    total,
  };
}
