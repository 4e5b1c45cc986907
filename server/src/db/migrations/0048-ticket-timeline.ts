/**
 * Tickets with a life (issue 28 item 5): the expected response time of each trouble-ticket category
 * (`trouble_ticket_categories`, one row per category of domain TROUBLE_TICKET_CATEGORIES), and a ticket's timeline
 * (`trouble_ticket_updates`): staff answers and customer replies, each with the status the ticket was given by it.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

/** The provider's promise per category, in hours (staff can change the rows; the form shows what is stored). */
const RESPONSE_HOURS: [string, number][] = [
  ['No service', 4],
  ['Slow or dropping internet', 24],
  ['Phone service', 24],
  ['TV service', 48],
  ['Equipment', 48],
  ['Other', 72],
];

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const { id, table, index, nn } = kit;
  await table('trouble_ticket_categories', (t) =>
    t
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('response_hours', 'integer', nn)
      .addColumn('position', 'integer', nn),
  );
  await db
    .insertInto('trouble_ticket_categories')
    .values(RESPONSE_HOURS.map(([name, hours], i) => ({ name, response_hours: hours, position: i + 1 })))
    .execute();
  await table('trouble_ticket_updates', (t) =>
    id(t)
      .addColumn('ticket_id', 'integer', (c) => c.notNull().references('trouble_tickets.id'))
      // customer | staff
      .addColumn('author', 'text', nn)
      .addColumn('user_id', 'integer', (c) => c.references('users.id'))
      .addColumn('employee_id', 'integer')
      .addColumn('body', 'text', nn)
      // The status the ticket was given with this update (null: unchanged).
      .addColumn('status', 'text')
      .addColumn('created_at', 'text', nn),
  );
  await index('trouble_ticket_updates_ticket_idx', 'trouble_ticket_updates', ['ticket_id', 'id']);
  await index('trouble_tickets_status_idx', 'trouble_tickets', ['status', 'created_at']);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropIndex('trouble_tickets_status_idx').execute();
  await db.schema.dropTable('trouble_ticket_updates').execute();
  await db.schema.dropTable('trouble_ticket_categories').execute();
}
