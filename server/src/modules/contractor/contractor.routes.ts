/**
 * The contractor portal's API (SPEC §7 "Contractor" calls), for contractor sessions only: installers, customers and
 * staff are refused by the declared access, other companies' objects by contractor.policy.ts.
 */
import multipart from '@fastify/multipart';
import { CONTRACTOR_UPLOAD_MAX_FILES, PHOTO_MAX_FILE_BYTES } from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { checklistRoutes } from './checklists.routes.js';
import { contractorWorkOrderRoutes } from './contractor-work-orders.routes.js';
import { fieldRoutes } from './field.routes.js';
import { fileRoutes } from './files.routes.js';

export async function contractorRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Registered in this module's scope unless an app-wide registration already parses multipart bodies.
  if (!fastify.hasContentTypeParser('multipart/form-data')) {
    await fastify.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: PHOTO_MAX_FILE_BYTES,
        files: CONTRACTOR_UPLOAD_MAX_FILES,
        fields: 10,
        fieldSize: 10_000,
        parts: CONTRACTOR_UPLOAD_MAX_FILES + 10,
      },
    });
  }
  contractorWorkOrderRoutes(fastify, ctx);
  checklistRoutes(fastify, ctx);
  fileRoutes(fastify, ctx);
  fieldRoutes(fastify, ctx);
}
