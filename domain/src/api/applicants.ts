/**
 * Job applicants' programming test (SPEC §1, §2 /programmingTestPage and /programmingTest, §5, §7 "programming test
 * login and upload", §8, §9): the contract of the applicant and staff routes, the product's messages and the zip
 * checks that the browser runs before sending and the server runs again on the decoded bytes.
 */
import { z } from 'zod';
import { cleanLine } from '../clean-text.js';
import { PROGRAMMING_TEST_MAX_BYTES } from '../constants.js';

// ---- the product's texts (SPEC §5, §8) --------------------------------------------------------------------------

export const ZIP_TOO_LARGE_MESSAGE = 'This file is too large! The maximum allowed size is 1MB.';
export const ZIP_NOT_ZIP_MESSAGE = 'This file is not a .zip file! You must submit a .zip file.';
export const UPLOAD_FAILED_TITLE = 'File not submitted!';
export const UPLOAD_FAILED_MESSAGE = 'An error occurred during file upload! Please check your file and try again.';
export const UPLOAD_DONE_TITLE = 'File submitted!';
export const UPLOAD_DONE_MESSAGE = 'Your test has been submitted.';
/** One answer for an unknown user name and a wrong code. */
export const APPLICANT_WRONG_CREDENTIALS = 'The username or access code is incorrect.';

/** An applicant's sign-in lasts this long: enough to choose a file and upload it, not a standing session. */
export const APPLICANT_TOKEN_LIFETIME_S = 2 * 60 * 60;

// ---- zip checks, shared by the browser and the server --------------------------------------------------------------

/** "PK\x03\x04": a local file header, how every non-empty zip archive starts. */
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04] as const;
/** "PK\x05\x06": the end-of-central-directory record, all an empty archive holds. */
const ZIP_EMPTY_ARCHIVE = [0x50, 0x4b, 0x05, 0x06] as const;

/** Whether the first bytes are a zip archive's (a file, or an empty archive). */
export function hasZipMagic(head: Uint8Array): boolean {
  const startsWith = (magic: readonly number[]) => magic.every((b, i) => head[i] === b);
  return head.length >= 4 && (startsWith(ZIP_LOCAL_HEADER) || startsWith(ZIP_EMPTY_ARCHIVE));
}

export function isZipFileName(name: string): boolean {
  return /\.zip$/i.test(name.trim());
}

export function isWithinZipLimit(sizeBytes: number): boolean {
  return sizeBytes <= PROGRAMMING_TEST_MAX_BYTES;
}

export type ZipProblem = 'too-large' | 'not-zip';

export function zipProblemMessage(problem: ZipProblem): string {
  return problem === 'too-large' ? ZIP_TOO_LARGE_MESSAGE : ZIP_NOT_ZIP_MESSAGE;
}

/**
 * The browser's check of a chosen file before it is sent: size first (the product's first message), then the
 * .zip name and the zip magic bytes. `head` is the file's first bytes (at least 4). Null when the file may go.
 */
export function checkZipFile(file: { name: string; size: number; head: Uint8Array }): ZipProblem | null {
  if (!isWithinZipLimit(file.size)) return 'too-large';
  if (!isZipFileName(file.name) || !hasZipMagic(file.head)) return 'not-zip';
  return null;
}

const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Whether a string is canonical standard base64 (padded, no white space, no data: prefix). */
export function isBase64(text: string): boolean {
  return BASE64_PATTERN.test(text);
}

/** The number of bytes a valid base64 string decodes to, known before decoding it. */
export function base64DecodedLength(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

/** Base64 characters of the largest allowed file: the server's body limit is this plus a little. */
export const PROGRAMMING_TEST_MAX_BASE64_CHARS = Math.ceil(PROGRAMMING_TEST_MAX_BYTES / 3) * 4;

// ---- applicant side ------------------------------------------------------------------------------------------------

/** Applicant user names: lower-case letters, digits, '.', '_' and '-'; 3 to 64 characters. */
export const APPLICANT_USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,63}$/;
const USERNAME_RULE = '3 to 64 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit.';

export const applicantUsername = z
  .string()
  .trim()
  .toLowerCase()
  .regex(APPLICANT_USERNAME_PATTERN, `Username must be ${USERNAME_RULE}`);

export const ApplicantLoginRequestSchema = z.object({
  username: cleanLine().trim().min(1, 'Username is required.').max(64, 'Username must be at most 64 characters.'),
  code: z.string().trim().min(1, 'Access code is required.').max(100, 'Access code must be at most 100 characters.'),
});
export type ApplicantLoginRequest = z.infer<typeof ApplicantLoginRequestSchema>;

export const SubmissionSummarySchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  submittedAt: z.string(),
});
export type SubmissionSummary = z.infer<typeof SubmissionSummarySchema>;

/** What the applicant's own pages show: who they are and their current submission. */
export const ApplicantSelfSchema = z.object({
  username: z.string(),
  name: z.string(),
  submission: SubmissionSummarySchema.nullable(),
});
export type ApplicantSelf = z.infer<typeof ApplicantSelfSchema>;

export const ApplicantLoginResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  applicant: ApplicantSelfSchema,
});
export type ApplicantLoginResponse = z.infer<typeof ApplicantLoginResponseSchema>;

/**
 * SPEC §7 "upload (username, zip as base64)". The size limit is enforced on the decoded bytes (413), so the schema
 * only bounds the text; `fileName` is the name the applicant chose, kept for staff (the stored name is the server's).
 */
export const SubmissionUploadRequestSchema = z.object({
  username: cleanLine().trim().min(1, 'Username is required.').max(64, 'Username must be at most 64 characters.'),
  zip: z.string().min(1, 'zip is required: the .zip file as base64.'),
  fileName: cleanLine().trim().max(200, 'File name must be at most 200 characters.').optional(),
});
export type SubmissionUploadRequest = z.infer<typeof SubmissionUploadRequestSchema>;

export const SubmissionUploadResponseSchema = z.object({
  submission: SubmissionSummarySchema,
  message: z.string(),
});
export type SubmissionUploadResponse = z.infer<typeof SubmissionUploadResponseSchema>;

// ---- staff side ----------------------------------------------------------------------------------------------------

export const InviteApplicantRequestSchema = z.object({
  name: cleanLine().trim().min(1, 'Name is required.').max(120, 'Name must be at most 120 characters.'),
  email: z.email('Email must be a valid email address.').max(254, 'Email must be at most 254 characters.'),
  username: applicantUsername,
});
export type InviteApplicantRequest = z.infer<typeof InviteApplicantRequestSchema>;

export const ApplicantStatusSchema = z.enum(['invited', 'submitted']);
export type ApplicantStatus = z.infer<typeof ApplicantStatusSchema>;

export const ApplicantSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  invitedAt: z.string(),
  status: ApplicantStatusSchema,
  /** The current submission (the latest); earlier ones are kept and counted. */
  submission: SubmissionSummarySchema.nullable(),
  submissionCount: z.number().int(),
});
export type ApplicantSummary = z.infer<typeof ApplicantSummarySchema>;

export const ApplicantListSchema = z.object({ applicants: z.array(ApplicantSummarySchema) });
export type ApplicantList = z.infer<typeof ApplicantListSchema>;

/** The access code is shown once, to the staff member who invited; only its hash is stored. */
export const InviteApplicantResponseSchema = z.object({
  applicant: ApplicantSummarySchema,
  accessCode: z.string(),
  /** Where the invitation was mailed; null when the mail could not be sent (the code above still works). */
  invitationSentTo: z.string().nullable(),
});
export type InviteApplicantResponse = z.infer<typeof InviteApplicantResponseSchema>;

export const SubmissionParamsSchema = z.object({ submissionId: z.coerce.number().int().positive() });
