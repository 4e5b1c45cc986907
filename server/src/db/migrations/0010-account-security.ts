/**
 * Account security: server-side sessions (a token is honoured only while its session row is open, so logout,
 * password reset and disabling a user end it on every instance), registration codes (proof of control of an account
 * before its first online user is created), e-mail changes waiting for the new address to confirm, and the queue of
 * mail requests: password resets and registration codes (answered at once, mailed afterwards, so the answer takes the same time for every identifier).
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const { id, nn } = kit;

  await db.schema
    .createTable('sessions')
    // Random, 128 bits, base64url; carried in the token as `sid`.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // A super-user session: the staff member's own user, whose disabling ends it too.
    .addColumn('staff_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', nn)
    .addColumn('expires_at', 'text', nn)
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'revoked_at']).execute();
  await db.schema.createIndex('sessions_staff_idx').on('sessions').columns(['staff_user_id']).execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').columns(['expires_at']).execute();

  await db.schema
    .createTable('registration_codes')
    .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id'))
    // The code is derived from the server secret and this number; using a code moves to the next one.
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mailed_at', 'text')
    .addColumn('used_at', 'text')
    .execute();

  await id(db.schema.createTable('email_changes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('new_email', 'text', nn)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('requested_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', nn)
    .addColumn('expires_at', 'text', nn)
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('email_changes_user_idx').on('email_changes').columns(['user_id']).execute();

  await id(db.schema.createTable('mail_requests'))
    // 'password-reset' (identifier: a user name or e-mail) or 'registration-code' (identifier: an account number).
    .addColumn('kind', 'text', nn)
    .addColumn('identifier', 'text', nn)
    .addColumn('requested_at', 'text', nn)
    .addColumn('processed_at', 'text')
    .execute();
  await db.schema.createIndex('mail_requests_open_idx').on('mail_requests').columns(['processed_at', 'id']).execute();
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  for (const table of ['mail_requests', 'email_changes', 'registration_codes', 'sessions']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
