/** Routes of contact methods and their service-location links; all need the account-contacts permission. */
import {
  ContactIdParamsSchema,
  ContactLinkObjectSchema,
  ContactLocationParamsSchema,
  ContactMethodInputSchema,
  ContactMethodListSchema,
  ContactMethodSchema,
  LinkContactLocationsSchema,
  LinkTypeRequestSchema,
} from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { errorResponses } from '../../plugins/openapi.js';
import * as service from './contacts.service.js';
import { actorWith } from './customer-access.service.js';

export function contactsRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['customer'] } as const;
  const tags = ['account info'];
  const actor = (req: Parameters<typeof actorWith>[1]) => actorWith(ctx, req, 'account-contacts');

  app.get('/api/customer/contacts', {
    config,
    schema: {
      tags,
      summary: 'getContactMethods: the account’s contact methods with their linked service locations',
      response: { 200: ContactMethodListSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => service.listContacts(ctx, await actor(req)),
  });

  app.post('/api/customer/contacts', {
    config,
    schema: {
      tags,
      summary: 'addContactSubmit: add a contact method (Idempotency-Key header: a retry adds it once)',
      body: ContactMethodInputSchema,
      response: { 201: ContactMethodSchema, ...errorResponses(400, 401, 403, 422) },
    },
    handler: async (req, reply) => {
      const result = await service.addContact(ctx, await actor(req), req.body, idempotencyKeyOf(req));
      return reply.status(result.statusCode as 201).send(result.contact);
    },
  });

  app.put('/api/customer/contacts/:contactId', {
    config,
    schema: {
      tags,
      summary: 'editContactSubmit: change a contact method',
      params: ContactIdParamsSchema,
      body: ContactMethodInputSchema,
      response: { 200: ContactMethodSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.editContact(ctx, await actor(req), req.params.contactId, req.body),
  });

  app.delete('/api/customer/contacts/:contactId', {
    config,
    schema: {
      tags,
      summary: 'Remove a contact method and its links',
      params: ContactIdParamsSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      await service.deleteContact(ctx, await actor(req), req.params.contactId);
      return reply.status(204).send(null);
    },
  });

  app.get('/api/customer/contacts/:contactId/locations', {
    config,
    schema: {
      tags,
      summary: 'getContactMethodLinkObject: every service location and this contact’s link to it',
      params: ContactIdParamsSchema,
      response: { 200: ContactLinkObjectSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.linkObject(ctx, await actor(req), req.params.contactId),
  });

  app.put('/api/customer/contacts/:contactId/locations', {
    config,
    schema: {
      tags,
      summary: 'linkContactLocations: set the service locations the contact is linked to, each with a link type',
      params: ContactIdParamsSchema,
      body: LinkContactLocationsSchema,
      response: { 200: ContactMethodSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.linkLocations(ctx, await actor(req), req.params.contactId, req.body),
  });

  app.put('/api/customer/contacts/:contactId/locations/:serviceLocationId', {
    config,
    schema: {
      tags,
      summary: 'editContactMethodLocation: link the contact to one service location (or change that link)',
      params: ContactLocationParamsSchema,
      body: LinkTypeRequestSchema,
      response: { 200: ContactMethodSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      service.setLocationLink(
        ctx,
        await actor(req),
        req.params.contactId,
        req.params.serviceLocationId,
        req.body.linkType,
      ),
  });

  app.patch('/api/customer/contacts/:contactId/locations/:serviceLocationId', {
    config,
    schema: {
      tags,
      summary: 'editContactMethodLinkType: change the type of an existing link',
      params: ContactLocationParamsSchema,
      body: LinkTypeRequestSchema,
      response: { 200: ContactMethodSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      service.changeLinkType(
        ctx,
        await actor(req),
        req.params.contactId,
        req.params.serviceLocationId,
        req.body.linkType,
      ),
  });

  app.delete('/api/customer/contacts/:contactId/locations/:serviceLocationId', {
    config,
    schema: {
      tags,
      summary: 'Unlink the contact from a service location',
      params: ContactLocationParamsSchema,
      response: { 200: ContactMethodSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      service.unlinkLocation(ctx, await actor(req), req.params.contactId, req.params.serviceLocationId),
  });
}
