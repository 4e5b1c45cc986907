/**
 * The programming test: the applicant's sign-in, own status and upload (SPEC §7 "programming test login and upload
 * (username, zip as base64)"), and staff's invitations, list and downloads. Applicant routes admit only an applicant
 * token ('applicant' access, plugins/auth.ts); staff routes only a staff session.
 */
import {
  ApplicantListSchema,
  ApplicantLoginRequestSchema,
  ApplicantLoginResponseSchema,
  ApplicantSelfSchema,
  InviteApplicantRequestSchema,
  InviteApplicantResponseSchema,
  PROGRAMMING_TEST_MAX_BASE64_CHARS,
  SubmissionParamsSchema,
  SubmissionUploadRequestSchema,
  SubmissionUploadResponseSchema,
} from '@strand/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendDownload } from '../../lib/downloads.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { applicantOf, viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { assertStaff } from './applicants.policy.js';
import * as service from './applicants.service.js';

/** The base64 of the largest allowed file plus room for the JSON around it (user name, file name). */
const UPLOAD_BODY_LIMIT = PROGRAMMING_TEST_MAX_BASE64_CHARS + 2_048;

export async function applicantsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['applicant'];

  app.post('/api/applicant/login', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Programming test login: username and access code give a short-lived applicant token',
      body: ApplicantLoginRequestSchema,
      response: { 200: ApplicantLoginResponseSchema, ...errorResponses(400, 401, 429) },
    },
    handler: async (req) => service.login(ctx, { ...req.body, ip: req.ip }),
  });

  app.get('/api/applicant/me', {
    config: { access: ['applicant'] },
    schema: {
      tags,
      summary: 'The signed-in applicant and the current submission',
      response: { 200: ApplicantSelfSchema, ...errorResponses(401) },
    },
    handler: async (req) => service.whoAmI(ctx, applicantOf(req).applicantId),
  });

  app.post('/api/applicant/submissions', {
    config: { access: ['applicant'], limit: 'upload' },
    bodyLimit: UPLOAD_BODY_LIMIT,
    // A body over the limit is the product's too-large message too, not the generic one.
    errorHandler: (err: FastifyError, _req, _reply) => {
      throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? service.zipTooLarge() : err;
    },
    schema: {
      tags,
      summary: 'Programming test upload: { username, zip as base64 } (1,000,000 bytes decoded); Idempotency-Key',
      body: SubmissionUploadRequestSchema,
      response: { 201: SubmissionUploadResponseSchema, ...errorResponses(400, 401, 403, 413, 422, 507) },
    },
    handler: async (req, reply) => {
      const body = await service.submit(ctx, applicantOf(req).applicantId, req.body, idempotencyKeyOf(req));
      return reply.status(201).send(body);
    },
  });

  const staffTags = ['staff'];

  app.get('/api/staff/applicants', {
    config: { access: ['staff:admin'] },
    schema: {
      tags: staffTags,
      summary: 'Job applicants with their status (invited, or the current submission)',
      response: { 200: ApplicantListSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => {
      assertStaff(viewerOf(req));
      return { applicants: await service.listApplicants(ctx) };
    },
  });

  app.post('/api/staff/applicants', {
    config: { access: ['staff:admin'], limit: 'mail' },
    schema: {
      tags: staffTags,
      summary: 'Invite an applicant: mails a one-time access code, which this answer shows once',
      body: InviteApplicantRequestSchema,
      response: { 201: InviteApplicantResponseSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await service.inviteApplicant(ctx, assertStaff(viewerOf(req)), req.body)),
  });

  app.get('/api/staff/applicant-submissions/:submissionId/file', {
    config: { access: ['staff:admin'] },
    schema: {
      tags: staffTags,
      summary: 'Download a submitted .zip',
      params: SubmissionParamsSchema,
      response: { 200: z.any().describe('application/zip'), ...errorResponses(400, 401, 403, 404, 500) },
    },
    handler: async (req, reply) => {
      const file = await service.openSubmission(ctx, assertStaff(viewerOf(req)), req.params.submissionId);
      return sendDownload(reply, {
        body: file.stream,
        contentType: 'application/zip',
        fileName: file.fileName,
        sizeBytes: file.sizeBytes,
      });
    },
  });
}
