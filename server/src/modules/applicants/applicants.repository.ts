/** All SQL of the programming test: applicants, their submissions, and the staff list. */
import type { NewRow, Queryable } from '../../db/database.js';

export function findApplicantByUsername(db: Queryable, username: string) {
  return db.selectFrom('applicants').selectAll().where('username', '=', username.toLowerCase()).executeTakeFirst();
}

export function findApplicantById(db: Queryable, id: number) {
  return db.selectFrom('applicants').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertApplicant(db: Queryable, row: NewRow<'applicants'>): Promise<number> {
  const inserted = await db.insertInto('applicants').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function findSubmission(db: Queryable, id: number) {
  return db
    .selectFrom('applicant_submissions as s')
    .innerJoin('applicants as a', 'a.id', 's.applicant_id')
    .select(['s.id', 's.storage_key', 's.size_bytes', 's.sha256', 's.file_name', 's.submitted_at', 'a.username'])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

export function findSubmissionByKey(db: Queryable, applicantId: number, key: string) {
  return db
    .selectFrom('applicant_submissions')
    .selectAll()
    .where('applicant_id', '=', applicantId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Records a submission and makes it the applicant's current one (the earlier ones stay). */
export async function insertSubmission(trx: Queryable, row: NewRow<'applicant_submissions'>): Promise<number> {
  const inserted = await trx.insertInto('applicant_submissions').values(row).returning('id').executeTakeFirstOrThrow();
  await trx
    .updateTable('applicants')
    .set({ current_submission_id: inserted.id })
    .where('id', '=', row.applicant_id)
    .execute();
  return inserted.id;
}

/** Every applicant with the current submission and the number of submissions: one statement, newest first. */
export function listApplicants(db: Queryable) {
  return db
    .selectFrom('applicants as a')
    .leftJoin('applicant_submissions as s', 's.id', 'a.current_submission_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('applicant_submissions')
          .select((e) => ['applicant_id', e.fn.countAll<number>().as('n')])
          .groupBy('applicant_id')
          .as('c'),
      (join) => join.onRef('c.applicant_id', '=', 'a.id'),
    )
    .select([
      'a.id',
      'a.name',
      'a.email',
      'a.username',
      'a.invited_at',
      's.id as submission_id',
      's.file_name',
      's.size_bytes',
      's.sha256',
      's.submitted_at',
      'c.n as submission_count',
    ])
    .orderBy('a.invited_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}

export type ApplicantListRow = Awaited<ReturnType<typeof listApplicants>>[number];

export function currentSubmission(db: Queryable, applicantId: number) {
  return db
    .selectFrom('applicants as a')
    .innerJoin('applicant_submissions as s', 's.id', 'a.current_submission_id')
    .select(['s.id', 's.file_name', 's.size_bytes', 's.sha256', 's.submitted_at'])
    .where('a.id', '=', applicantId)
    .executeTakeFirst();
}
