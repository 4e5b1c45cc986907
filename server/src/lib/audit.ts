/**
 * The one audit writer: every audited action (sign-in events, staff actions, customer writes, payments, applicants)
 * becomes one `audit_log` row of one shape. Call it with the write's own transaction, so a rolled-back write leaves
 * no audit row. Customer writes build their entry with `auditCustomerWrite` (customer-access.service.ts): action
 * `customer.<what>`, subject `<customer id>:<object id>`.
 *
 * Each row also carries (0054) its subject as type + id and the account it concerns (timelines read them by index:
 * modules/history), the before → after of the changed fields (`changesBetween`, secrets redacted), whether it was
 * done through a super-user session and where it came from (lib/request-context.ts).
 */
import type { Queryable } from '../db/database.js';
import { currentOrigin } from './request-context.js';

export interface FieldChange {
  field: string;
  from: string | null;
  to: string | null;
}

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
  /** The subject as type + id when `subject` does not say it (subjectOf reads the usual forms). */
  subjectType?: string;
  subjectId?: string | number;
  /** The account the entry concerns, when known (else read from the subject). */
  customerId?: string | null;
  /** The changed fields (changesBetween). */
  changes?: FieldChange[];
  /** Done through a super-user session (default: the request's session says). */
  superUser?: boolean;
}

const CUSTOMER_ID = /^\d{4}-\d{4}-\d{4}$/;
const TYPED: Record<string, string> = { sales_order: 'order', work_order: 'work_order', 'trouble-ticket': 'ticket' };

/**
 * The subject of an entry as type + id and its account, read from the `subject` text the writers use:
 * `sales_order:12` → order 12; `<customer>:<object>` → a payment, ticket or order by the action, else the account;
 * a bare customer id → the account. Migration 0054 applied the same rules to the old rows.
 */
export function subjectOf(
  action: string,
  subject: string | null | undefined,
): { type: string; id: string; customerId: string | null } | null {
  if (!subject) return null;
  const colon = subject.indexOf(':');
  if (colon < 0) return CUSTOMER_ID.test(subject) ? { type: 'account', id: subject, customerId: subject } : null;
  const head = subject.slice(0, colon);
  const tail = subject.slice(colon + 1);
  if (TYPED[head]) return { type: TYPED[head], id: tail, customerId: null };
  if (!CUSTOMER_ID.test(head)) return { type: head.replace(/-/g, '_'), id: tail, customerId: null };
  if (/\.payment\./.test(action)) return { type: 'payment', id: tail, customerId: head };
  if (/trouble-ticket/.test(action)) return { type: 'ticket', id: tail, customerId: head };
  if (/(^|\.)order(\.|$)/.test(action)) return { type: 'order', id: tail, customerId: head };
  return { type: 'account', id: head, customerId: head };
}

const SECRET_FIELD = /pass(word)?|secret|token|pin\b|cvv|cvc|security.?code|card.?number|^pan$|account.?number|hash/i;
const CARD_NUMBER = /\b(?:\d[ -]?){12,19}\b/g;

/** A value as the log shows it: text, card numbers cut to their last four. */
function shown(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(CARD_NUMBER, (m) => `•••• ${m.replace(/\D/g, '').slice(-4)}`).slice(0, 200);
}

/**
 * The fields whose value differs between `before` and `after`, as before → after. A secret (password, token, PIN,
 * card number, CVV…) is never written: it shows as "(changed)"; a card number inside any text keeps its last four.
 */
export function changesBetween(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown>,
): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of Object.keys(after)) {
    const from = before ? before[field] : undefined;
    const to = after[field];
    if (JSON.stringify(from ?? null) === JSON.stringify(to ?? null)) continue;
    if (SECRET_FIELD.test(field)) out.push({ field, from: null, to: '(changed)' });
    else out.push({ field, from: shown(from), to: shown(to) });
  }
  return out;
}

/** The account of an order, work order or ticket the entry names without one. */
async function accountOf(db: Queryable, type: string, id: string): Promise<string | null> {
  const n = Number(id);
  if (!Number.isInteger(n)) return null;
  const table =
    type === 'order'
      ? 'sales_orders'
      : type === 'work_order'
        ? 'work_orders'
        : type === 'ticket'
          ? 'trouble_tickets'
          : null;
  if (!table) return null;
  const row = await db.selectFrom(table).select('customer_id').where('id', '=', n).executeTakeFirst();
  return row?.customer_id ?? null;
}

export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  const origin = currentOrigin();
  const read = subjectOf(entry.action, entry.subject);
  const subjectType = entry.subjectType ?? read?.type ?? null;
  const subjectId = entry.subjectId !== undefined ? String(entry.subjectId) : (read?.id ?? null);
  let customerId = entry.customerId !== undefined ? entry.customerId : (read?.customerId ?? null);
  if (customerId === null && subjectType && subjectId) customerId = await accountOf(db, subjectType, subjectId);
  const superUser = entry.superUser ?? origin?.superUser() ?? false;
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at,
      user_id: entry.userId,
      employee_id: entry.employeeId,
      action: entry.action,
      subject: entry.subject ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
      subject_type: subjectType,
      subject_id: subjectId,
      customer_id: customerId,
      super_user: superUser ? 1 : 0,
      changes: entry.changes && entry.changes.length > 0 ? JSON.stringify(entry.changes) : null,
      ip: origin?.ip ?? null,
      user_agent: origin?.userAgent ?? null,
    })
    .execute();
}

/**
 * A checklist's changes (domain diffChecklist: each field with its label) as the log's before → after, by label, so
 * a form's field names (txtNotes, vcStatus…) never reach a timeline.
 */
export function labelledChanges(changes: readonly { label: string; from: unknown; to: unknown }[]): FieldChange[] {
  return changes.map((c) => ({ field: c.label, from: shown(c.from), to: shown(c.to) }));
}
