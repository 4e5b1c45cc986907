/**
 * Routes of ordering (SPEC §7 Services: address verification, geocode, county and area checks, zip lookup, package
 * and shopping cart, temp service locations, automated checkout and its verification). The availability check, the
 * cart and a new customer's checkout are public (a visitor has no account yet); anonymous writes are rate-limited
 * per address like every write, the ones that mail also by `limit: 'mail'`; what a visitor creates (checks, new
 * temporary locations, carts, leads) is capped per client address an hour (visitor-caps.ts). A signed-in customer
 * and staff (sales) check out through their own routes with the same body.
 */
import {
  AreaZipSchema,
  AvailabilityRequestSchema,
  AvailabilityResultSchema,
  CartParamsSchema,
  CartSchema,
  CheckoutResultSchema,
  CreateCartRequestSchema,
  CustomerCheckoutSchema,
  EmailCodeRequestSchema,
  EmailCodeResultSchema,
  InstallWindowsSchema,
  LeadRequestSchema,
  LeadResultSchema,
  NewCustomerCheckoutSchema,
  OrderingZipParamsSchema,
  StaffCheckoutSchema,
  UpdateCartRequestSchema,
} from '@strand/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { actorWith } from '../customer-account/customer-access.service.js';
import { checkAvailability, zipPlace } from './availability.service.js';
import { createCart, getCart, installWindows, updateCart } from './cart.service.js';
import { checkout } from './checkout.service.js';
import type { CheckoutAnswer } from './checkout-buyer.js';
import { sendEmailCode } from './email-codes.service.js';
import { submitLead } from './leads.service.js';
import { visitorOf } from './visitor-caps.js';

export async function orderingRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const open = { access: 'public' } as const;
  const tags = ['ordering'];
  const checkoutErrors = errorResponses(400, 401, 402, 403, 404, 409, 422, 429, 503);
  const send = (reply: FastifyReply, answer: CheckoutAnswer) => {
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(answer.statusCode as 201).send(answer.body);
  };

  app.get('/api/ordering/zip-codes/:zip', {
    config: open,
    schema: {
      tags,
      summary: 'zipCodeLookUp: the city, state and county of a ZIP code of the counties served',
      params: OrderingZipParamsSchema,
      response: { 200: AreaZipSchema, ...errorResponses(400, 404) },
    },
    handler: async (req) => zipPlace(req.params.zip),
  });

  app.post('/api/ordering/availability', {
    config: open,
    schema: {
      tags,
      summary:
        'Address verification, geocode, county and area checks: the standardized address, its position, its service area and what can be ordered there (or suggestions)',
      body: AvailabilityRequestSchema,
      response: { 200: AvailabilityResultSchema, ...errorResponses(400, 429) },
    },
    handler: async (req) => checkAvailability(ctx, req.body, await visitorOf(req)),
  });

  app.post('/api/ordering/leads', {
    config: { ...open, limit: 'mail' },
    schema: {
      tags,
      summary: 'Notify me / sign up: an email to tell when fiber reaches a checked address (mails a confirmation)',
      body: LeadRequestSchema,
      response: { 201: LeadResultSchema, ...errorResponses(400, 429) },
    },
    handler: async (req, reply) => reply.status(201).send(await submitLead(ctx, req.body, await visitorOf(req))),
  });

  app.post('/api/ordering/carts', {
    config: open,
    schema: {
      tags,
      summary: 'A shopping cart for a checked address where fiber is available (its id is the browser’s secret)',
      body: CreateCartRequestSchema,
      response: { 201: CartSchema, ...errorResponses(400, 429) },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await createCart(ctx, req.body.checkId, await visitorOf(req))),
  });

  app.get('/api/ordering/carts/:cartId', {
    config: open,
    schema: {
      tags,
      summary: 'The cart with its prices recomputed from the catalogue (lines no longer sold there are dropped)',
      params: CartParamsSchema,
      response: { 200: CartSchema, ...errorResponses(400, 404, 409) },
    },
    handler: async (req) => getCart(ctx, req.params.cartId),
  });

  app.put('/api/ordering/carts/:cartId', {
    config: open,
    schema: {
      tags,
      summary: 'The cart’s packages (ids only; each must be sold at the cart’s address, one internet package)',
      params: CartParamsSchema,
      body: UpdateCartRequestSchema,
      response: { 200: CartSchema, ...errorResponses(400, 404, 409, 429) },
    },
    handler: async (req) => updateCart(ctx, req.params.cartId, req.body.packageIds),
  });

  app.get('/api/ordering/carts/:cartId/install-windows', {
    config: open,
    schema: {
      tags,
      summary: 'Install days and windows with their free capacity (installers per window less installs due in it)',
      params: CartParamsSchema,
      response: { 200: InstallWindowsSchema, ...errorResponses(400, 404, 409) },
    },
    handler: async (req) => installWindows(ctx, req.params.cartId),
  });

  app.post('/api/ordering/email-code', {
    config: { ...open, limit: 'mail' },
    schema: {
      tags,
      summary: 'Checkout verification: mails a one-time 6-digit code to a new customer’s email address',
      body: EmailCodeRequestSchema,
      response: { 201: EmailCodeResultSchema, ...errorResponses(400, 429) },
    },
    handler: async (req, reply) => reply.status(201).send(await sendEmailCode(ctx, req.body.email)),
  });

  app.post('/api/ordering/checkout', {
    config: open,
    schema: {
      tags,
      summary:
        'Automated checkout of a new customer: account, locations, first user (email code), payment and order in one step (Idempotency-Key required)',
      body: NewCustomerCheckoutSchema,
      response: { 201: CheckoutResultSchema, ...checkoutErrors },
    },
    handler: async (req, reply) => {
      const { account, ...order } = req.body;
      return send(
        reply,
        await checkout(ctx, { kind: 'new', account, clientAddress: req.ip }, order, idempotencyKeyOf(req)),
      );
    },
  });

  app.post('/api/customer/orders/checkout', {
    config: { access: ['customer'] },
    schema: {
      tags,
      summary: 'Checkout of a signed-in customer for a new location (the Services permission; Idempotency-Key)',
      body: CustomerCheckoutSchema,
      response: { 201: CheckoutResultSchema, ...checkoutErrors },
    },
    handler: async (req, reply) => {
      const actor = await actorWith(ctx, req, 'services');
      return send(
        reply,
        await checkout(ctx, { kind: 'customer', actor, clientAddress: req.ip }, req.body, idempotencyKeyOf(req)),
      );
    },
  });

  app.post('/api/staff/orders/checkout', {
    config: { access: ['staff:sales'] },
    schema: {
      tags: ['staff'],
      summary:
        'Staff (sales) place an order on a customer’s behalf: the same checkout, an existing account (card on file or a new card) or a new account (new card; no user yet), audited',
      body: StaffCheckoutSchema,
      response: { 201: CheckoutResultSchema, ...checkoutErrors },
    },
    handler: async (req, reply) => {
      const { vcCustomerID, newCustomer, ...order } = req.body;
      const user = viewerOf(req);
      return send(
        reply,
        await checkout(
          ctx,
          {
            kind: 'staff',
            customerId: vcCustomerID ?? null,
            newCustomer: newCustomer ?? null,
            userId: user.userId,
            employeeId: user.employeeId,
          },
          order,
          idempotencyKeyOf(req),
        ),
      );
    },
  });
}
