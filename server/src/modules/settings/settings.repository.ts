/** All SQL of user settings. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

export function findSettings(db: Kysely<Database>, userId: number) {
  return db.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function upsertSettings(
  db: Kysely<Database>,
  row: {
    user_id: number;
    enable_style: number;
    gradient_direction: number;
    selected_color1: string;
    selected_color2: string;
    updated_at: string;
  },
) {
  const { user_id: _id, ...changes } = row;
  return db
    .insertInto('user_settings')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute();
}
