/** All SQL of auth codes. The code column is read only by the push job (`claimedForPush`), never by a list. */
import type { Queryable, RowUpdate } from '../../db/database.js';

/** The columns every answer is built from (no `code`). */
const LISTED = [
  'a.id',
  'a.customer_id',
  'c.name as customer_name',
  'a.code_reversed',
  'a.description',
  'a.class_of_service',
  'a.status',
  'a.enabled',
  'a.push_action',
  'a.push_attempts',
  'a.next_push_at',
  'a.last_error',
  'a.created_at',
  'a.updated_at',
  'a.confirmed_at',
  'a.removed_at',
  'a.pushed_at',
  'a.version',
] as const;

/**
 * The smallest digit string above every string that starts with `prefix` ('49' -> '5'), or null when there is none
 * ('999'). With `>= prefix AND < upper` a prefix search of digits is an index range on both databases, whatever the
 * collation (digits sort the same in all of them).
 */
export function digitPrefixUpperBound(prefix: string): string | null {
  const trimmed = prefix.replace(/9+$/, '');
  if (trimmed === '') return null;
  return trimmed.slice(0, -1) + String(Number(trimmed.slice(-1)) + 1);
}

export interface AuthCodeFilter {
  customerId?: string;
  /** The last digits of the code, as typed (not reversed). */
  suffix?: string;
  status?: 'pending' | 'active' | 'suspended' | 'failed' | 'removing';
}

export function searchAuthCodes(db: Queryable, filter: AuthCodeFilter, limit: number) {
  let q = db
    .selectFrom('auth_codes as a')
    .innerJoin('customers as c', 'c.id', 'a.customer_id')
    .select(LISTED)
    .where('a.status', '!=', 'removed');
  if (filter.customerId) q = q.where('a.customer_id', '=', filter.customerId);
  if (filter.suffix) {
    const reversed = [...filter.suffix].reverse().join('');
    q = q.where('a.code_reversed', '>=', reversed);
    const upper = digitPrefixUpperBound(reversed);
    if (upper) q = q.where('a.code_reversed', '<', upper);
  }
  switch (filter.status) {
    case undefined:
      break;
    case 'removing':
      q = q.where('a.removed_at', 'is not', null).where('a.status', 'not in', ['failed', 'removed']);
      break;
    case 'failed':
      q = q.where('a.status', '=', 'failed');
      break;
    default:
      q = q.where('a.status', '=', filter.status).where('a.removed_at', 'is', null);
  }
  return q.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
}

export type ListedAuthCode = Awaited<ReturnType<typeof searchAuthCodes>>[number];

export function findAuthCode(db: Queryable, id: number) {
  return db
    .selectFrom('auth_codes as a')
    .innerJoin('customers as c', 'c.id', 'a.customer_id')
    .select(LISTED)
    .where('a.id', '=', id)
    .where('a.status', '!=', 'removed')
    .executeTakeFirst();
}

/** A customer's codes still in use or on their way (not removed), newest first. */
export function codesOfCustomer(db: Queryable, customerId: string, limit: number) {
  return db
    .selectFrom('auth_codes as a')
    .innerJoin('customers as c', 'c.id', 'a.customer_id')
    .select(LISTED)
    .where('a.customer_id', '=', customerId)
    .where('a.status', '!=', 'removed')
    .where('a.removed_at', 'is', null)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

export function findCustomer(db: Queryable, customerId: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'customer_type'])
    .where('id', '=', customerId)
    .executeTakeFirst();
}

export async function insertAuthCode(
  db: Queryable,
  row: {
    customerId: string;
    code: string;
    description: string;
    classOfService: string;
    createdBy: number;
    now: string;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('auth_codes')
    .values({
      customer_id: row.customerId,
      code: row.code,
      code_reversed: [...row.code].reverse().join(''),
      description: row.description,
      class_of_service: row.classOfService,
      status: 'pending',
      enabled: 1,
      push_action: 'provision',
      push_attempts: 0,
      next_push_at: row.now,
      created_by: row.createdBy,
      created_at: row.now,
      updated_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Whether a code is taken (the unique index decides; this lets the generator draw again without an error). */
export async function codeTaken(db: Queryable, code: string): Promise<boolean> {
  return (await db.selectFrom('auth_codes').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
}

/** A staff change: every one counts as a new version, so a push that started before it does not overwrite it. */
export async function updateAuthCode(
  db: Queryable,
  id: number,
  changes: RowUpdate<'auth_codes'>,
  expectedVersion: number,
) {
  const result = await db
    .updateTable('auth_codes')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- the push job -----------------------------------------------------------------------------------------------

/** Codes with something to tell the switch, due now and not leased by another instance. */
export function duePushes(db: Queryable, now: string, limit: number) {
  return db
    .selectFrom('auth_codes')
    .select(['id'])
    .where('push_action', 'is not', null)
    .where('next_push_at', '<=', now)
    .where((eb) => eb.or([eb('push_claimed_until', 'is', null), eb('push_claimed_until', '<', now)]))
    .orderBy('next_push_at')
    .limit(limit)
    .execute();
}

/** Takes the lease on one code (a conditional update: of several instances exactly one wins). */
export async function claimPush(
  db: Queryable,
  id: number,
  claim: string,
  now: string,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable('auth_codes')
    // pushed_at from the first claim on: a removal made while this push is under way must tell the switch too.
    .set((eb) => ({
      push_claim: claim,
      push_claimed_until: until,
      pushed_at: eb.fn.coalesce('pushed_at', eb.val(now)),
    }))
    .where('id', '=', id)
    .where('push_action', 'is not', null)
    .where('next_push_at', '<=', now)
    .where((eb) => eb.or([eb('push_claimed_until', 'is', null), eb('push_claimed_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The claimed code with what the switch needs (the code itself included). */
export function claimedForPush(db: Queryable, id: number, claim: string) {
  return db
    .selectFrom('auth_codes')
    .select([
      'id',
      'customer_id',
      'code',
      'class_of_service',
      'status',
      'enabled',
      'push_action',
      'push_attempts',
      'pushed_at',
      'confirmed_at',
      'removed_at',
      'version',
    ])
    .where('id', '=', id)
    .where('push_claim', '=', claim)
    .executeTakeFirst();
}

/**
 * Records the outcome of a push and gives the lease back, unless staff changed the code meanwhile (then only the
 * lease goes: the newer change is pushed next round). Answers whether the outcome was recorded.
 */
export async function finishPush(
  db: Queryable,
  id: number,
  claim: string,
  version: number,
  changes: RowUpdate<'auth_codes'>,
): Promise<boolean> {
  const result = await db
    .updateTable('auth_codes')
    .set({ ...changes, push_claim: null, push_claimed_until: null })
    .where('id', '=', id)
    .where('push_claim', '=', claim)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  await db
    .updateTable('auth_codes')
    .set({ push_claim: null, push_claimed_until: null })
    .where('id', '=', id)
    .where('push_claim', '=', claim)
    .execute();
  return false;
}
