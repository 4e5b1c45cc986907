/** All SQL of notifications: the outbox, its delivery log, preferences and quiet hours, and who receives what. */
import { CUSTOMER_ACCOUNT_TYPES } from '@strand/domain';
import type { Queryable } from '../../db/database.js';

export type OutboxRow = Awaited<ReturnType<typeof dueRows>>[number];
export type NewOutboxRow = {
  event_type: string;
  category: string;
  recipient_kind: string;
  recipient_id: string;
  customer_id: string | null;
  channel: string;
  address: string | null;
  dedupe_key: string;
  payload: string;
  state: string;
  next_attempt_at: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
};

export interface RecipientUser {
  id: number;
  email: string;
  customer_id: string;
  is_admin: number;
  is_staff: number;
}

const USER_COLUMNS = ['u.id', 'u.email', 'u.customer_id', 'u.is_admin', 'u.is_staff'] as const;

/**
 * The one place that says who hears of an account's events: the active users of these accounts who are customers —
 * not staff, installers or contractor crews — of a customer's account (Residential, Consumer, Business), never of the
 * provider's own or a contractor company's: field staff carry their employer's account, so a work order on it must
 * not remind its installers.
 */
function customerUsersOf(db: Queryable, customerIds: readonly string[]) {
  return db
    .selectFrom('users as u')
    .innerJoin('customers as c', 'c.id', 'u.customer_id')
    .select(USER_COLUMNS)
    .where('u.customer_id', 'in', [...customerIds])
    .where('c.customer_type', 'in', [...CUSTOMER_ACCOUNT_TYPES])
    .where('u.disabled', '=', 0)
    .where('u.is_staff', '=', 0)
    .where('u.installer', '=', 0)
    .where('u.contractor_id', '=', 0)
    .orderBy('u.id');
}

/** The account's customer users (customerUsersOf): its administrators when it has any, else all of them. */
export async function accountUsers(db: Queryable, customerId: string): Promise<RecipientUser[]> {
  const users = await customerUsersOf(db, [customerId]).execute();
  const admins = users.filter((u) => u.is_admin === 1);
  return admins.length > 0 ? admins : users;
}

/** The customer users of several accounts (customerUsersOf; notifyAccounts picks each account's administrators). */
export function usersOfAccounts(db: Queryable, customerIds: readonly string[]): Promise<RecipientUser[]> {
  if (customerIds.length === 0) return Promise.resolve([]);
  return customerUsersOf(db, customerIds).execute();
}

export function usersById(db: Queryable, ids: readonly number[]): Promise<RecipientUser[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users as u')
    .select(USER_COLUMNS)
    .where('u.id', 'in', [...ids])
    .where('u.disabled', '=', 0)
    .orderBy('u.id')
    .execute();
}

/** The phone for SMS of each account: the contact with the user's e-mail, else the account's first with a phone. */
export function accountPhones(db: Queryable, customerIds: readonly string[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('contact_methods')
    .select(['customer_id', 'email', 'phone'])
    .where('customer_id', 'in', [...new Set(customerIds)])
    .where('phone', 'is not', null)
    .orderBy('id')
    .execute();
}

export function preferencesOf(db: Queryable, kind: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('notification_preferences')
    .select(['recipient_id', 'category', 'channel', 'enabled'])
    .where('recipient_kind', '=', kind)
    .where('recipient_id', 'in', [...ids])
    .execute();
}

export async function setPreference(
  db: Queryable,
  row: {
    recipient_kind: string;
    recipient_id: string;
    category: string;
    channel: string;
    enabled: number;
    now: string;
  },
): Promise<void> {
  const { now, ...values } = row;
  await db
    .insertInto('notification_preferences')
    .values({ ...values, updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(['recipient_kind', 'recipient_id', 'category', 'channel'])
        .doUpdateSet({ enabled: values.enabled, updated_at: now }),
    )
    .execute();
}

export function quietHoursOf(db: Queryable, kind: string, id: string) {
  return db
    .selectFrom('notification_quiet_hours')
    .select(['starts', 'ends'])
    .where('recipient_kind', '=', kind)
    .where('recipient_id', '=', id)
    .executeTakeFirst();
}

export async function setQuietHours(
  db: Queryable,
  kind: string,
  id: string,
  quiet: { starts: string; ends: string } | null,
  now: string,
): Promise<void> {
  await db
    .deleteFrom('notification_quiet_hours')
    .where('recipient_kind', '=', kind)
    .where('recipient_id', '=', id)
    .execute();
  if (quiet) {
    await db
      .insertInto('notification_quiet_hours')
      .values({ recipient_kind: kind, recipient_id: id, ...quiet, updated_at: now })
      .execute();
  }
}

/**
 * Writes the outbox rows; a dedupe key already there is skipped (a retried event never doubles). Answers the rows
 * written (a skipped one is not among them).
 */
export async function insertOutbox(db: Queryable, rows: NewOutboxRow[]) {
  const written: { id: number; customer_id: string | null; channel: string; address: string | null }[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    written.push(
      ...(await db
        .insertInto('notification_outbox')
        .values(rows.slice(i, i + 200))
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning(['id', 'customer_id', 'channel', 'address'])
        .execute()),
    );
  }
  return written;
}

/** Where some outbox rows stand (a notice's record copies its mails' delivery from here). */
export function outboxStates(db: Queryable, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('notification_outbox')
    .select(['id', 'state', 'attempts', 'sent_at', 'last_error'])
    .where('id', 'in', [...ids])
    .execute();
}

const OUTBOX_COLUMNS = [
  'id',
  'event_type',
  'category',
  'recipient_kind',
  'recipient_id',
  'customer_id',
  'channel',
  'address',
  'payload',
  'state',
  'attempts',
] as const;

export function dueRows(db: Queryable, channel: string, now: string, limit: number) {
  return db
    .selectFrom('notification_outbox')
    .select(OUTBOX_COLUMNS)
    .where('state', '=', 'queued')
    .where('channel', '=', channel)
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Takes a due row for one try: a conditional update matching the row as read, so exactly one worker gets it. */
export async function claim(db: Queryable, row: OutboxRow, token: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('notification_outbox')
    .set({ state: 'sending', claim_token: token, claimed_at: now, attempts: row.attempts + 1, updated_at: now })
    .where('id', '=', row.id)
    .where('state', '=', 'queued')
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseStaleClaims(db: Queryable, cutoff: string, now: string): Promise<number> {
  const result = await db
    .updateTable('notification_outbox')
    .set({ state: 'queued', claim_token: null, claimed_at: null, next_attempt_at: now, updated_at: now })
    .where('state', '=', 'sending')
    .where('claimed_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Ends a try; only the claim's holder may. */
export async function finishTry(
  db: Queryable,
  id: number,
  token: string,
  values: {
    state: 'queued' | 'sent' | 'delivered' | 'failed';
    attempts?: number;
    nextAttemptAt: string | null;
    lastError: string | null;
    providerId: string | null;
    sentAt: string | null;
    now: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('notification_outbox')
    .set({
      state: values.state,
      ...(values.attempts === undefined ? {} : { attempts: values.attempts }),
      next_attempt_at: values.nextAttemptAt,
      last_error: values.lastError,
      provider_id: values.providerId,
      sent_at: values.sentAt,
      claim_token: null,
      claimed_at: null,
      updated_at: values.now,
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function logDelivery(
  db: Queryable,
  row: { outbox_id: number; attempt: number; at: string; outcome: string; detail: string | null },
): Promise<void> {
  await db.insertInto('notification_deliveries').values(row).execute();
}

/** Queued mail of a category to a recipient, stopped at once by an unsubscribe. */
export async function cancelQueued(
  db: Queryable,
  where: { kind: string; id: string; category: string; channel: string },
  now: string,
): Promise<number> {
  const result = await db
    .updateTable('notification_outbox')
    .set({
      state: 'failed',
      last_error: 'Not sent: the recipient unsubscribed.',
      next_attempt_at: null,
      updated_at: now,
    })
    .where('recipient_kind', '=', where.kind)
    .where('recipient_id', '=', where.id)
    .where('category', '=', where.category)
    .where('channel', '=', where.channel)
    .where('state', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const INBOX_KINDS = ['user', 'employee'];

export function inbox(db: Queryable, userId: number, limit: number) {
  return db
    .selectFrom('notification_outbox')
    .select(['id', 'event_type', 'category', 'payload', 'created_at', 'read_at'])
    .where('recipient_kind', 'in', INBOX_KINDS)
    .where('recipient_id', '=', String(userId))
    .where('channel', '=', 'in_app')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notification_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('recipient_kind', 'in', INBOX_KINDS)
    .where('recipient_id', '=', String(userId))
    .where('channel', '=', 'in_app')
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the user's in-app notifications read (one, or all when `id` is null); answers how many changed. */
export async function markRead(db: Queryable, userId: number, id: number | null, now: string): Promise<number> {
  let q = db
    .updateTable('notification_outbox')
    .set({ read_at: now, updated_at: now })
    .where('recipient_kind', 'in', INBOX_KINDS)
    .where('recipient_id', '=', String(userId))
    .where('channel', '=', 'in_app')
    .where('read_at', 'is', null);
  if (id !== null) q = q.where('id', '=', id);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function inAppOwner(db: Queryable, id: number) {
  return db
    .selectFrom('notification_outbox')
    .select(['recipient_kind', 'recipient_id', 'channel'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function userRow(db: Queryable, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'customer_id', 'is_admin', 'is_staff', 'disabled', 'installer', 'contractor_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function customerExists(db: Queryable, customerId: string) {
  return db.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
}

export async function deliveryLog(db: Queryable, customerId: string, limit: number) {
  const rows = await db
    .selectFrom('notification_outbox')
    .select([
      'id',
      'event_type',
      'channel',
      'address',
      'payload',
      'state',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
    ])
    .where('customer_id', '=', customerId)
    .where('channel', '!=', 'in_app')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const tries =
    rows.length === 0
      ? []
      : await db
          .selectFrom('notification_deliveries')
          .select(['outbox_id', 'at', 'outcome', 'detail'])
          .where(
            'outbox_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('id')
          .execute();
  return { rows, tries };
}
