/**
 * The one audit writer: every audited action (sign-in events, staff actions, customer writes, payments, applicants)
 * becomes one `audit_log` row of one shape. Call it with the write's own transaction, so a rolled-back write leaves
 * no audit row. Customer writes build their entry with `auditCustomerWrite` (customer-access.service.ts): action
 * `customer.<what>`, subject `<customer id>:<object id>`.
 */
import type { Queryable } from '../db/database.js';

export interface AuditEntry {
  /** ISO-8601 UTC. */
  at: string;
  /** The user who acted (null: an applicant or the system). */
  userId: number | null;
  /** The staff member behind it: a staff action or a super-user session. */
  employeeId: number | null;
  action: string;
  /** What was acted on, e.g. a customer id or `applicant:12`. */
  subject?: string | null;
  /** Anything else worth keeping, stored as JSON. Never a password, token or card number. */
  detail?: Record<string, unknown> | null;
}

export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at,
      user_id: entry.userId,
      employee_id: entry.employeeId,
      action: entry.action,
      subject: entry.subject ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .execute();
}
