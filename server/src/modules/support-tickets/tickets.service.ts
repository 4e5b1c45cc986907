/**
 * Trouble tickets per service location (getTroubleTickets, submitNewTroubleTicket) and business-center requests
 * (getBusinessCenterRequestTickets, createBusinessCenterRequestTicket). New ones start Open; the provider's staff
 * move them on. Submissions carry an Idempotency-Key so a phone's retry files one ticket.
 */
import {
  type BusinessCenterRequest,
  fullAddress,
  type NewBusinessCenterRequestSchema,
  type NewTroubleTicketSchema,
  type StaffBusinessRequestUpdateSchema,
  type TroubleTicket,
} from '@strand/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import type { Viewer } from '../../plugins/auth.js';
import { ownServiceLocation } from '../customer-account/account.service.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';
import { auditCustomerWrite } from '../customer-account/customer-access.service.js';
import { notify } from '../notifications/notifications.service.js';
import { assertCategoryOffered } from './categories.service.js';
import { nameOf, ticketOf } from './ticket-rows.js';
import * as repo from './tickets.repository.js';

async function assertOwnLocation(ctx: AppContext, actor: CustomerActor, serviceLocationId: number) {
  await ownServiceLocation(ctx, actor, serviceLocationId);
}

export async function troubleTickets(
  ctx: AppContext,
  actor: CustomerActor,
  serviceLocationId: number,
): Promise<TroubleTicket[]> {
  await assertOwnLocation(ctx, actor, serviceLocationId);
  const rows = await repo.troubleTicketsAt(ctx.db, serviceLocationId);
  return rows.map(ticketOf);
}

export async function submitTroubleTicket(
  ctx: AppContext,
  actor: CustomerActor,
  serviceLocationId: number,
  input: z.output<typeof NewTroubleTicketSchema>,
  idempotencyKey: string | undefined,
) {
  await assertOwnLocation(ctx, actor, serviceLocationId);
  const result = await runIdempotent(
    ctx.db,
    {
      userId: actor.userId,
      key: idempotencyKey,
      route: 'submitNewTroubleTicket',
      request: { serviceLocationId, input },
      now: ctx.now(),
    },
    async (trx) => {
      const now = ctx.now().toISOString();
      const id = await repo.insertTroubleTicket(trx, {
        customerId: actor.customerId,
        serviceLocationId,
        ...input,
        createdBy: actor.userId,
        now,
      });
      await auditCustomerWrite(trx, actor, now, 'trouble-ticket.submit', id, { serviceLocationId });
      await notify(trx, ctx.now(), {
        type: 'ticket.opened',
        key: `ticket:${id}`,
        customerId: actor.customerId,
        data: { ticket: `#${id}`, subject: input.subject },
      });
      return { statusCode: 201, body: { TicketID: id } };
    },
  );
  const ticket = (await troubleTickets(ctx, actor, serviceLocationId)).find((t) => t.TicketID === result.body.TicketID);
  if (!ticket) throw new Error(`trouble ticket ${result.body.TicketID} vanished`);
  return { statusCode: result.statusCode, ticket };
}

export async function businessCenterRequests(ctx: AppContext, actor: CustomerActor): Promise<BusinessCenterRequest[]> {
  const rows = await repo.businessCenterRequestsOf(ctx.db, actor.customerId);
  return rows.map((r) => ({
    RequestID: r.id,
    category: r.category,
    subject: r.subject,
    description: r.description,
    status: r.status,
    createdAt: r.created_at,
    createdBy: nameOf(r),
    serviceLocationId: r.service_location_id,
    locationAddress: r.address === null ? null : fullAddress({ ...r, address: r.address }),
  }));
}

export async function createBusinessCenterRequest(
  ctx: AppContext,
  actor: CustomerActor,
  input: z.output<typeof NewBusinessCenterRequestSchema>,
  idempotencyKey: string | undefined,
) {
  // The location must be one of the account's own (404 unknown, 403 another account's).
  await assertOwnLocation(ctx, actor, input.serviceLocationId);
  const result = await runIdempotent(
    ctx.db,
    {
      userId: actor.userId,
      key: idempotencyKey,
      route: 'createBusinessCenterRequestTicket',
      request: input,
      now: ctx.now(),
    },
    async (trx) => {
      await assertCategoryOffered(trx, input.category);
      const now = ctx.now().toISOString();
      const id = await repo.insertBusinessCenterRequest(trx, {
        customerId: actor.customerId,
        ...input,
        createdBy: actor.userId,
        now,
      });
      await auditCustomerWrite(trx, actor, now, 'business-center.create', id, { category: input.category });
      return { statusCode: 201, body: { RequestID: id } };
    },
  );
  const request = (await businessCenterRequests(ctx, actor)).find((r) => r.RequestID === result.body.RequestID);
  if (!request) throw new Error(`business-center request ${result.body.RequestID} vanished`);
  return { statusCode: result.statusCode, request };
}

/**
 * Staff set a business-center request's status; the account is told (`business_request.updated`) in the same
 * transaction, once per change: the same status again changes and tells nothing.
 */
export async function updateBusinessCenterRequest(
  ctx: AppContext,
  staff: Viewer,
  requestId: number,
  input: z.output<typeof StaffBusinessRequestUpdateSchema>,
) {
  const row = await repo.businessCenterRequest(ctx.db, requestId);
  if (!row) throw notFound('No business-center request has that id.');
  await ctx.db.transaction().execute(async (trx) => {
    if (row.status === input.status) return;
    if (!(await repo.setBusinessCenterRequestStatus(trx, requestId, row.status, input.status))) return;
    const now = ctx.now();
    await audit(trx, {
      at: now.toISOString(),
      userId: staff.userId,
      employeeId: staff.employeeId,
      action: 'staff.business-center-request.update',
      subject: `business-center-request:${requestId}`,
      detail: { from: row.status, status: input.status, customerId: row.customer_id },
    });
    await notify(trx, now, {
      type: 'business_request.updated',
      key: `business-request:${requestId}:${row.status}->${input.status}:${now.toISOString()}`,
      customerId: row.customer_id,
      data: { request: `#${requestId} (${row.subject})`, status: input.status },
    });
  });
  const after = await repo.businessCenterRequest(ctx.db, requestId);
  return {
    RequestID: requestId,
    customerId: row.customer_id,
    subject: row.subject,
    status: after?.status ?? input.status,
  };
}
