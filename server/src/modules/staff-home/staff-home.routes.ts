/** The staff home's one read (issue 29 item 1): the counts of the tiles of the caller's staff roles. */
import { StaffHomeSchema } from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { staffHome } from './staff-home.service.js';

export async function staffHomeRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/staff/home', {
    config: { access: ['staff'] },
    schema: {
      tags: ['staff'],
      summary: "The staff home: what needs attention in the caller's areas (a count and the oldest per tile)",
      response: { 200: StaffHomeSchema, ...errorResponses(401, 403) },
    },
    // Every staff member may ask; the answer holds only the tiles of their roles (staff-home.policy.ts).
    handler: async (req) => staffHome(ctx, viewerOf(req)),
  });
}
