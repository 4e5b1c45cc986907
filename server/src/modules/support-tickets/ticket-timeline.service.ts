/**
 * A trouble ticket's life (issue 28 item 5): its page (status, what was submitted, the expected response time of its
 * category, the timeline of staff answers and customer replies), the customer's reply and the staff's answer with a
 * status (Open, Waiting on customer, Resolved). A customer sees only tickets of their own account at locations they
 * may see, with the tickets permission; staff answer by role (the routes say which). A customer's reply to a ticket
 * that waits on them or was resolved opens it again.
 */
import type {
  StaffTicketAnswerSchema,
  StaffTicketQuerySchema,
  TicketReplySchema,
  TroubleTicketPage,
} from '@strand/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { audit, changesBetween } from '../../lib/audit.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { ownServiceLocation } from '../customer-account/account.service.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';
import { auditCustomerWrite } from '../customer-account/customer-access.service.js';
import { notify } from '../notifications/notifications.service.js';
import { nameOf, ticketOf } from './ticket-rows.js';
import * as repo from './tickets.repository.js';

async function findTicket(ctx: AppContext, ticketId: number) {
  const row = await repo.troubleTicket(ctx.db, ticketId);
  if (!row) throw notFound('No ticket with that number.');
  return row;
}

/** The ticket, if the customer may see it: their account's, at a location their user may see. */
async function customersTicket(ctx: AppContext, actor: CustomerActor, ticketId: number) {
  const row = await findTicket(ctx, ticketId);
  if (row.customer_id !== actor.customerId) throw forbidden('That ticket belongs to another account.');
  await ownServiceLocation(ctx, actor, row.service_location_id);
  return row;
}

async function pageOf(ctx: AppContext, row: NonNullable<Awaited<ReturnType<typeof repo.troubleTicket>>>) {
  const [updates, hours] = await Promise.all([
    repo.ticketUpdates(ctx.db, row.id),
    repo.responseHoursOf(ctx.db, row.category),
  ]);
  const page: TroubleTicketPage = {
    ...ticketOf(row),
    fullAddress: `${row.address}, ${row.city}, ${row.state} ${row.zip}`,
    responseHours: hours?.response_hours ?? null,
    updates: updates.map((u) => ({
      UpdateID: u.id,
      author: u.author === 'staff' ? 'staff' : 'customer',
      authorName: nameOf(u),
      body: u.body,
      status: u.status,
      createdAt: u.created_at,
    })),
  };
  return page;
}

export async function ticketPage(ctx: AppContext, actor: CustomerActor, ticketId: number) {
  return pageOf(ctx, await customersTicket(ctx, actor, ticketId));
}

const REOPENED_BY_REPLY = new Set(['Waiting on customer', 'Resolved', 'Closed']);

export async function replyToTicket(
  ctx: AppContext,
  actor: CustomerActor,
  ticketId: number,
  input: z.output<typeof TicketReplySchema>,
) {
  const row = await customersTicket(ctx, actor, ticketId);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    const status = REOPENED_BY_REPLY.has(row.status) ? 'Open' : null;
    const id = await repo.addTicketUpdate(trx, {
      ticketId,
      author: 'customer',
      userId: actor.userId,
      employeeId: actor.employeeId,
      body: input.body,
      status,
      now,
    });
    await auditCustomerWrite(
      trx,
      actor,
      now,
      'trouble-ticket.reply',
      ticketId,
      { updateId: id, status },
      status ? changesBetween({ Status: row.status }, { Status: status }) : undefined,
    );
  });
  return pageOf(ctx, await findTicket(ctx, ticketId));
}

/** The expected response time of each category, as the new-ticket form shows it. */
export async function ticketCategories(ctx: AppContext) {
  return (await repo.ticketCategories(ctx.db)).map((c) => ({ category: c.name, responseHours: c.response_hours }));
}

export async function staffTickets(ctx: AppContext, query: z.output<typeof StaffTicketQuerySchema>) {
  return (await repo.staffTickets(ctx.db, query.status)).map((r) => ({
    ...ticketOf(r),
    customerId: r.customer_id,
    customerName: r.customer_name,
    lastUpdateAt: (r.last_update_at as string | null) ?? r.created_at,
  }));
}

export async function staffTicketPage(ctx: AppContext, ticketId: number) {
  return pageOf(ctx, await findTicket(ctx, ticketId));
}

export async function staffAnswer(
  ctx: AppContext,
  staff: Viewer,
  ticketId: number,
  input: z.output<typeof StaffTicketAnswerSchema>,
) {
  const row = await findTicket(ctx, ticketId);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    const id = await repo.addTicketUpdate(trx, {
      ticketId,
      author: 'staff',
      userId: staff.userId,
      employeeId: staff.employeeId,
      body: input.body,
      status: input.status === row.status ? null : input.status,
      now,
    });
    await audit(trx, {
      at: now,
      userId: staff.userId,
      employeeId: staff.employeeId,
      action: 'staff.trouble-ticket.answer',
      subject: `trouble-ticket:${ticketId}`,
      detail: { updateId: id, status: input.status, customerId: row.customer_id },
      changes: changesBetween({ Status: row.status }, { Status: input.status }),
    });
    await notify(trx, ctx.now(), {
      type: input.status === 'Resolved' && row.status !== 'Resolved' ? 'ticket.resolved' : 'ticket.updated',
      key: `ticket:${ticketId}:update:${id}`,
      customerId: row.customer_id,
      data: { ticket: `#${ticketId}`, subject: row.subject },
    });
  });
  return pageOf(ctx, await findTicket(ctx, ticketId));
}
