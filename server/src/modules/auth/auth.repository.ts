/** All SQL of sign-in, registration, recovery and super-user links. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';

type Q = Kysely<Database> | Transaction<Database>;

/** The user and account columns that make up a session's claims. */
const userWithAccount = (db: Q) =>
  db
    .selectFrom('users as u')
    .innerJoin('customers as c', 'c.id', 'u.customer_id')
    .select([
      'u.id',
      'u.username',
      'u.email',
      'u.password_hash',
      'u.first_name',
      'u.last_name',
      'u.customer_id',
      'u.is_admin',
      'u.is_staff',
      'u.staff_roles',
      'u.employee_id',
      'u.installer',
      'u.contractor_id',
      'u.noc_location_id',
      'u.active_service_location_id',
      'u.active_mailing_location_id',
      'u.disabled',
      'c.name as customer_name',
      'c.customer_type',
    ]);

export type UserWithAccount = NonNullable<Awaited<ReturnType<typeof findUserByUsername>>>;

export function findUserByUsername(db: Q, username: string) {
  return userWithAccount(db).where('u.username', '=', username.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Q, id: number) {
  return userWithAccount(db).where('u.id', '=', id).executeTakeFirst();
}

export function findUsersByUsernameOrEmail(db: Q, identifier: string) {
  const value = identifier.toLowerCase();
  return userWithAccount(db)
    .where((eb) => eb.or([eb('u.username', '=', value), eb('u.email', '=', value)]))
    .where('u.disabled', '=', 0)
    .execute();
}

/** The account admin a super-user session acts as: the first admin, else the first user of the account. */
export function findAccountActor(db: Q, customerId: string) {
  return userWithAccount(db)
    .where('u.customer_id', '=', customerId)
    .where('u.disabled', '=', 0)
    .orderBy('u.is_admin', 'desc')
    .orderBy('u.id')
    .executeTakeFirst();
}

export function findCustomer(db: Q, customerId: string) {
  return db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
}

export async function countAccountUsers(db: Q, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function firstLocations(db: Q, customerId: string) {
  return Promise.all([
    db
      .selectFrom('service_locations')
      .select('id')
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .executeTakeFirst(),
    db
      .selectFrom('mailing_locations')
      .select('id')
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .executeTakeFirst(),
  ]);
}

export function usernameTaken(db: Q, username: string) {
  return db.selectFrom('users').select('id').where('username', '=', username.toLowerCase()).executeTakeFirst();
}

export async function insertUser(
  db: Q,
  user: {
    username: string;
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    customerId: string;
    isAdmin: boolean;
    activeServiceLocationId: number | null;
    activeMailingLocationId: number | null;
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username: user.username.toLowerCase(),
      email: user.email.toLowerCase(),
      password_hash: user.passwordHash,
      first_name: user.firstName,
      last_name: user.lastName,
      customer_id: user.customerId,
      is_admin: user.isAdmin ? 1 : 0,
      is_staff: 0,
      installer: 0,
      contractor_id: 0,
      active_service_location_id: user.activeServiceLocationId,
      active_mailing_location_id: user.activeMailingLocationId,
      disabled: 0,
      created_at: user.now,
      updated_at: user.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function grantPermissions(db: Q, userId: number, categories: readonly string[]) {
  if (categories.length === 0) return;
  await db
    .insertInto('user_permissions')
    .values(categories.map((category) => ({ user_id: userId, category })))
    .execute();
}

export function updatePasswordHash(db: Q, userId: number, hash: string, now: string) {
  return db.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', userId).execute();
}

// ---- failed sign-ins -------------------------------------------------------------------------------------------

export async function failuresSince(db: Q, column: 'username_key' | 'ip', value: string, since: string) {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('failed_at').as('latest')])
    .where(column, '=', value)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), latest: row.latest as string | null };
}

export function recordFailure(db: Q, usernameKey: string, ip: string, at: string) {
  return db.insertInto('login_failures').values({ username_key: usernameKey, ip, failed_at: at }).execute();
}

export function clearFailures(db: Q, usernameKey: string) {
  return db.deleteFrom('login_failures').where('username_key', '=', usernameKey).execute();
}

// ---- password resets -------------------------------------------------------------------------------------------

export function insertPasswordReset(db: Q, userId: number, tokenHash: string, now: string, expiresAt: string) {
  return db
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: tokenHash, created_at: now, expires_at: expiresAt })
    .execute();
}

export async function resetsSince(db: Q, userId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPasswordReset(db: Q, tokenHash: string) {
  return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks every open reset link of a user used: a reset link works once, and a newer link retires older ones. */
export function usePasswordResets(db: Q, userId: number, now: string) {
  return db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
}

// ---- super-user links and audit --------------------------------------------------------------------------------

/** Records an issued link; false when a link with that hash exists already. */
export async function insertSuperLink(
  db: Q,
  link: { hash: string; customerId: string; employeeId: number; now: string },
): Promise<boolean> {
  const result = await db
    .insertInto('super_user_links')
    .values({ hash: link.hash, customer_id: link.customerId, employee_id: link.employeeId, issued_at: link.now })
    .onConflict((oc) => oc.column('hash').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findSuperLink(db: Q, hash: string) {
  return db.selectFrom('super_user_links').selectAll().where('hash', '=', hash).executeTakeFirst();
}

/** Claims a link for one use; false when it was never issued or is already used. */
export async function claimSuperLink(db: Q, hash: string, customerId: string, employeeId: number, now: string) {
  const result = await db
    .updateTable('super_user_links')
    .set({ used_at: now })
    .where('hash', '=', hash)
    .where('customer_id', '=', customerId)
    .where('employee_id', '=', employeeId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findStaffByEmployeeId(db: Q, employeeId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'staff_roles'])
    .where('employee_id', '=', employeeId)
    .where('is_staff', '=', 1)
    .where('disabled', '=', 0)
    .executeTakeFirst();
}

// ---- session log -----------------------------------------------------------------------------------------------

export function lastSessionLog(db: Q, userId: number) {
  return db
    .selectFrom('session_logs')
    .select('logged_at')
    .where('user_id', '=', userId)
    .orderBy('logged_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function insertSessionLog(
  db: Q,
  entry: {
    userId: number;
    at: string;
    ip: string;
    userAgent: string | null;
    clientVersion: string | null;
    superUserEmployeeId: number | null;
  },
) {
  return db
    .insertInto('session_logs')
    .values({
      user_id: entry.userId,
      logged_at: entry.at,
      ip: entry.ip,
      user_agent: entry.userAgent,
      client_version: entry.clientVersion,
      super_user_employee_id: entry.superUserEmployeeId,
    })
    .execute();
}

/** After a password reset, earlier failures of that user name no longer lock it. */
export async function clearFailuresForUser(db: Q, userId: number) {
  const user = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
  if (user) await clearFailures(db, user.username);
}

// ---- registration codes ----------------------------------------------------------------------------------------

/** The account's current registration code generation (0 before any code was used). */
export async function registrationGeneration(db: Q, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('registration_codes')
    .select('generation')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.generation ?? 0;
}

/** Uses the code of `generation`: the account moves to the next code. False when another request used it first. */
export async function useRegistrationCode(db: Q, customerId: string, generation: number, now: string) {
  if (generation === 0) {
    const inserted = await db
      .insertInto('registration_codes')
      .values({ customer_id: customerId, generation: 1, used_at: now })
      .onConflict((oc) => oc.column('customer_id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable('registration_codes')
    .set({ generation: generation + 1, used_at: now })
    .where('customer_id', '=', customerId)
    .where('generation', '=', generation)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** E-mail addresses on file for an account: its contact methods', the primary and billing contacts first. */
export async function accountEmails(db: Q, customerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('contact_methods')
    .select(['email', 'category'])
    .where('customer_id', '=', customerId)
    .where('email', 'is not', null)
    .orderBy('id')
    .execute();
  const rank = (c: string) => (c === 'Primary' ? 0 : c === 'Billing' ? 1 : 2);
  const sorted = rows.sort((a, b) => rank(a.category) - rank(b.category));
  return [...new Set(sorted.map((r) => (r.email ?? '').toLowerCase()).filter(Boolean))];
}

// ---- queued mail requests --------------------------------------------------------------------------------------

export type MailRequestKind = 'password-reset' | 'registration-code';

export function insertMailRequest(db: Q, kind: MailRequestKind, identifier: string, now: string) {
  return db.insertInto('mail_requests').values({ kind, identifier, requested_at: now }).execute();
}

export function openMailRequests(db: Q, limit: number) {
  return db
    .selectFrom('mail_requests')
    .select(['id', 'kind', 'identifier'])
    .where('processed_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Claims a request for this worker; false when another worker (or instance) claimed it first. */
export async function claimMailRequest(db: Q, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_requests')
    .set({ processed_at: now })
    .where('id', '=', id)
    .where('processed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- e-mail changes --------------------------------------------------------------------------------------------

export async function insertEmailChange(
  db: Q,
  change: {
    userId: number;
    newEmail: string;
    tokenHash: string;
    requestedBy: number | null;
    now: string;
    expiresAt: string;
  },
) {
  // A newer request retires the open ones: only the latest link works.
  await db
    .updateTable('email_changes')
    .set({ used_at: change.now })
    .where('user_id', '=', change.userId)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('email_changes')
    .values({
      user_id: change.userId,
      new_email: change.newEmail,
      token_hash: change.tokenHash,
      requested_by: change.requestedBy,
      created_at: change.now,
      expires_at: change.expiresAt,
    })
    .execute();
}

export function findEmailChange(db: Q, tokenHash: string) {
  return db.selectFrom('email_changes').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Open (unused, unexpired) e-mail changes of these users. */
export function pendingEmailChanges(db: Q, userIds: number[], now: string) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('email_changes')
    .select(['user_id', 'new_email'])
    .where('user_id', 'in', userIds)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

export async function useEmailChange(db: Q, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('email_changes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function updateEmail(db: Q, userId: number, email: string, now: string) {
  return db.updateTable('users').set({ email, updated_at: now }).where('id', '=', userId).execute();
}

// ---- housekeeping ----------------------------------------------------------------------------------------------

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/** Deletes failed attempts, reset links, e-mail changes and mail requests made before the given times. */
export async function deleteOldRecords(db: Q, before: { loginFailures: string; others: string }) {
  return {
    loginFailures: deleted(
      await db.deleteFrom('login_failures').where('failed_at', '<', before.loginFailures).executeTakeFirst(),
    ),
    passwordResets: deleted(
      await db.deleteFrom('password_resets').where('created_at', '<', before.others).executeTakeFirst(),
    ),
    emailChanges: deleted(
      await db.deleteFrom('email_changes').where('created_at', '<', before.others).executeTakeFirst(),
    ),
    mailRequests: deleted(
      await db.deleteFrom('mail_requests').where('requested_at', '<', before.others).executeTakeFirst(),
    ),
  };
}
