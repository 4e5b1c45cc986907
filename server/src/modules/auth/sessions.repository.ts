/** All SQL of server-side sessions. */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, SessionsTable } from '../../db/database.js';

export type Q = Kysely<Database> | Transaction<Database>;

export function insertSession(db: Q, row: Insertable<SessionsTable>) {
  return db.insertInto('sessions').values(row).execute();
}

/** Whether the user ever had a session (a sign-in from an unknown device is news only after the first). */
export async function hadSession(db: Q, userId: number): Promise<boolean> {
  return (
    (await db.selectFrom('sessions').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !==
    undefined
  );
}

/**
 * The session with its user's (and its staff member's) disabled flag: one indexed lookup by primary key (every
 * signed-in request asks it).
 */
export function sessionState(db: Q, sid: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('users as st', 'st.id', 's.staff_user_id')
    .select(['s.revoked_at', 's.expires_at', 'u.disabled as user_disabled', 'st.disabled as staff_disabled'])
    .where('s.id', '=', sid)
    .executeTakeFirst();
}

/** Ends the open sessions named; how many were open. */
export function revokeSessions(
  db: Q,
  which: { sid: string } | { userId: number; keep?: string | undefined },
  now: string,
  reason: string,
) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('revoked_at', 'is', null);
  if ('sid' in which) {
    query = query.where('id', '=', which.sid);
  } else {
    query = query.where((eb) => eb.or([eb('user_id', '=', which.userId), eb('staff_user_id', '=', which.userId)]));
    if (which.keep) query = query.where('id', '!=', which.keep);
  }
  return query.executeTakeFirst().then((r) => Number(r.numUpdatedRows));
}

export function deleteEndedSessions(db: Q, before: string) {
  return db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .execute();
}
