/**
 * The programming test (SPEC §1 job applicants, §2, §5, §7, §8): staff invite applicants (a random access code, only
 * its argon2id hash kept, mailed once), applicants sign in with it and submit a zip as base64. The server checks the
 * decoded bytes (1,000,000 at most, zip magic bytes, then the archive in depth: lib/file-inspection.ts), stores the
 * file under its own name and records the submission in one transaction; a retried upload (same Idempotency-Key)
 * returns the first submission and stores nothing twice.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  APPLICANT_WRONG_CREDENTIALS,
  type ApplicantSelf,
  type ApplicantSummary,
  base64DecodedLength,
  hasZipMagic,
  type InviteApplicantRequest,
  type InviteApplicantResponse,
  isBase64,
  isWithinZipLimit,
  PROGRAMMING_TEST_MAX_BYTES,
  type SubmissionSummary,
  type SubmissionUploadRequest,
  type SubmissionUploadResponse,
  UPLOAD_DONE_MESSAGE,
  ZIP_NOT_ZIP_MESSAGE,
  ZIP_TOO_LARGE_MESSAGE,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, HttpError, notFound, unauthenticated } from '../../lib/errors.js';
import { checkZip } from '../../lib/file-inspection.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { cleanFileName } from '../../lib/uploads.js';
import { issueApplicantToken } from '../../plugins/applicant-tokens.js';
import type { Viewer } from '../../plugins/auth.js';
import { assertMayAttempt, clearFailedAttempts, recordFailedAttempt } from '../auth/attempt-limits.service.js';
import { assertOwnUpload } from './applicants.policy.js';
import * as repo from './applicants.repository.js';

// ---- access codes ----------------------------------------------------------------------------------------------

/** Letters and digits that cannot be mistaken for one another when copied from a mail. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A random access code such as "k7mq-x2pd-9hfa-t3nw": 16 characters of 31, about 79 bits. */
export function newAccessCode(): string {
  const chars = Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** Failed applicant sign-ins share the sign-in limits, under their own name space. */
const failureKey = (username: string) => `applicant|${username.trim().toLowerCase()}`;

// ---- staff side ------------------------------------------------------------------------------------------------

const toSubmission = (r: {
  id: number;
  file_name: string;
  size_bytes: number;
  sha256: string;
  submitted_at: string;
}): SubmissionSummary => ({
  id: r.id,
  fileName: r.file_name,
  sizeBytes: r.size_bytes,
  sha256: r.sha256,
  submittedAt: r.submitted_at,
});

function toSummary(r: repo.ApplicantListRow): ApplicantSummary {
  const submission =
    r.submission_id === null
      ? null
      : toSubmission({
          id: r.submission_id,
          file_name: r.file_name ?? '',
          size_bytes: r.size_bytes ?? 0,
          sha256: r.sha256 ?? '',
          submitted_at: r.submitted_at ?? '',
        });
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    username: r.username,
    invitedAt: r.invited_at,
    status: submission ? 'submitted' : 'invited',
    submission,
    submissionCount: Number(r.submission_count ?? 0),
  };
}

export async function listApplicants(ctx: AppContext): Promise<ApplicantSummary[]> {
  return (await repo.listApplicants(ctx.db)).map(toSummary);
}

export async function inviteApplicant(
  ctx: AppContext,
  staff: Viewer,
  input: InviteApplicantRequest,
): Promise<InviteApplicantResponse> {
  const accessCode = newAccessCode();
  const codeHash = await hashPassword(accessCode);
  const now = ctx.now().toISOString();
  const username = input.username.toLowerCase();
  const email = input.email.trim().toLowerCase();
  await ctx.db.transaction().execute(async (trx) => {
    if (await repo.findApplicantByUsername(trx, username)) {
      throw conflict('That username is taken. Please choose another.', { username: 'That username is taken.' });
    }
    const id = await repo.insertApplicant(trx, {
      name: input.name,
      email,
      username,
      code_hash: codeHash,
      invited_by: staff.userId,
      invited_at: now,
      current_submission_id: null,
    });
    await audit(trx, {
      at: now,
      userId: staff.userId,
      employeeId: staff.employeeId,
      action: 'applicant-invited',
      subject: `applicant:${id}`,
      detail: { username },
    });
  });
  const invitationSentTo = await mailInvitation(ctx, { name: input.name, email, username }, accessCode).then(
    () => email,
    () => null,
  );
  const row = (await repo.listApplicants(ctx.db)).find((r) => r.username === username);
  if (!row) throw notFound();
  return { applicant: toSummary(row), accessCode, invitationSentTo };
}

async function mailInvitation(
  ctx: AppContext,
  applicant: { name: string; email: string; username: string },
  accessCode: string,
) {
  const provider = ctx.config.shell.providerName;
  await ctx.mailer.send({
    to: applicant.email,
    subject: `${provider}: your programming test`,
    text: [
      `Hello ${applicant.name},`,
      '',
      `Thank you for applying to ${provider}. As the next step we invite you to our programming test.`,
      'Put your solution in one .zip file of at most 1 MB (1,000,000 bytes) and submit it here:',
      '',
      `${ctx.config.publicUrl}/programmingTestPage`,
      '',
      `Username:    ${applicant.username}`,
      `Access code: ${accessCode}`,
      '',
      'You may submit again until the deadline; we review your latest file.',
    ].join('\n'),
  });
}

/** A submission's file for staff: a server-made name, the stored bytes; the download is audited. */
export async function openSubmission(
  ctx: AppContext,
  staff: Viewer,
  submissionId: number,
): Promise<{ fileName: string; sizeBytes: number; stream: Readable }> {
  const row = await repo.findSubmission(ctx.db, submissionId);
  if (!row) throw notFound('No submission has that id.');
  const file = await ctx.files.open(row.storage_key, { sha256: row.sha256 });
  await audit(ctx.db, {
    at: ctx.now().toISOString(),
    userId: staff.userId,
    employeeId: staff.employeeId,
    action: 'applicant-submission-downloaded',
    subject: `submission:${row.id}`,
  });
  return { fileName: `programming-test-${row.username}-${row.id}.zip`, sizeBytes: file.sizeBytes, stream: file.stream };
}

// ---- applicant side --------------------------------------------------------------------------------------------

async function self(
  ctx: AppContext,
  applicant: { id: number; name: string; username: string },
): Promise<ApplicantSelf> {
  const current = await repo.currentSubmission(ctx.db, applicant.id);
  return { username: applicant.username, name: applicant.name, submission: current ? toSubmission(current) : null };
}

/** Username + access code, limited like the sign-in; one answer and one time cost for unknown user and wrong code. */
export async function login(ctx: AppContext, input: { username: string; code: string; ip: string }) {
  const key = failureKey(input.username);
  const { perUser, perIp } = ctx.config.loginLimits;
  await assertMayAttempt(
    ctx,
    [
      { column: 'username_key', value: key, limit: perUser },
      { column: 'ip', value: input.ip, limit: perIp },
    ],
    'sign-in',
  );
  const applicant = await repo.findApplicantByUsername(ctx.db, input.username.trim());
  const ok = applicant ? await verifyPassword(applicant.code_hash, input.code.trim()) : false;
  if (!applicant || !ok) {
    if (!applicant) await burnPasswordCheck(input.code);
    await recordFailedAttempt(ctx, key, input.ip);
    throw unauthenticated(APPLICANT_WRONG_CREDENTIALS);
  }
  await clearFailedAttempts(ctx, key);
  const { token, expiresAt } = issueApplicantToken(ctx.config.jwtSecret, applicant.id, ctx.now());
  return { token, expiresAt: expiresAt.toISOString(), applicant: await self(ctx, applicant) };
}

/** The signed-in applicant; a token of an applicant that is gone no longer works. */
async function applicantOf(ctx: AppContext, applicantId: number) {
  const applicant = await repo.findApplicantById(ctx.db, applicantId);
  if (!applicant) throw unauthenticated('Please sign in to the programming test again.');
  return applicant;
}

export async function whoAmI(ctx: AppContext, applicantId: number): Promise<ApplicantSelf> {
  return self(ctx, await applicantOf(ctx, applicantId));
}

export const zipTooLarge = () =>
  new HttpError(413, 'payload_too_large', ZIP_TOO_LARGE_MESSAGE, {
    zip: `At most ${PROGRAMMING_TEST_MAX_BYTES.toLocaleString('en-US')} bytes.`,
  });

/** Decodes and checks the upload: base64 (400), size of the decoded bytes (413), zip magic bytes (400). */
export function decodeZip(text: string): Buffer {
  if (!isBase64(text)) {
    throw badRequest('The file could not be read: zip must be the .zip file as standard base64.', {
      zip: 'Standard base64 (A-Z, a-z, 0-9, +, /, = padding), without a data: prefix or line breaks.',
    });
  }
  if (!isWithinZipLimit(base64DecodedLength(text))) throw zipTooLarge();
  const bytes = Buffer.from(text, 'base64');
  if (!isWithinZipLimit(bytes.length)) throw zipTooLarge();
  if (!hasZipMagic(bytes)) throw badRequest(ZIP_NOT_ZIP_MESSAGE, { zip: 'A .zip archive (it starts with PK).' });
  return bytes;
}

const isUniqueViolation = (err: unknown) =>
  err instanceof Error && /unique|duplicate key/i.test(`${err.message} ${(err as { code?: string }).code ?? ''}`);

export async function submit(
  ctx: AppContext,
  applicantId: number,
  input: SubmissionUploadRequest,
  idempotencyKey: string | undefined,
): Promise<SubmissionUploadResponse> {
  const applicant = await applicantOf(ctx, applicantId);
  assertOwnUpload(applicant, input.username);
  if (!idempotencyKey) {
    throw badRequest('An upload needs an Idempotency-Key header, so a retried upload is not stored twice.', {
      'Idempotency-Key': 'Required: 8 to 100 letters, digits, - or _ (a UUID is fine).',
    });
  }
  const bytes = decodeZip(input.zip);
  // The deep check (lib/file-inspection.ts): damaged archives, bombs, too many entries, unsafe entry names.
  await checkZip(bytes, ctx.config.uploads.zip);
  const fileName = cleanFileName(input.fileName ?? '', 'zip', applicant.username);
  const answer = (row: Parameters<typeof toSubmission>[0]) => ({
    submission: toSubmission(row),
    message: UPLOAD_DONE_MESSAGE,
  });
  const replay = (row: { sha256: string } & Parameters<typeof toSubmission>[0], sha256: string) => {
    if (row.sha256 !== sha256) {
      throw new HttpError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for another file.');
    }
    return answer(row);
  };

  const earlier = await repo.findSubmissionByKey(ctx.db, applicant.id, idempotencyKey);
  if (earlier) return replay(earlier, createHash('sha256').update(bytes).digest('hex'));
  const key = `applicants/${applicant.id}/${randomUUID()}.zip`;
  const stored = await ctx.files.put(key, bytes);
  const now = ctx.now().toISOString();
  try {
    const row = {
      applicant_id: applicant.id,
      storage_key: key,
      file_name: fileName,
      size_bytes: stored.sizeBytes,
      sha256: stored.sha256,
      idempotency_key: idempotencyKey,
      submitted_at: now,
    };
    const id = await ctx.db.transaction().execute(async (trx) => {
      const submissionId = await repo.insertSubmission(trx, row);
      await audit(trx, {
        at: now,
        userId: null,
        employeeId: null,
        action: 'applicant-submitted',
        subject: `applicant:${applicant.id}`,
        detail: { submissionId, sizeBytes: stored.sizeBytes, sha256: stored.sha256 },
      });
      return submissionId;
    });
    return answer({ ...row, id });
  } catch (err) {
    await ctx.files.remove(key).catch(() => undefined);
    // A concurrent twin with the same key committed first: answer with its submission.
    const twin = isUniqueViolation(err) ? await repo.findSubmissionByKey(ctx.db, applicant.id, idempotencyKey) : null;
    if (twin) return replay(twin, stored.sha256);
    throw err;
  }
}
