/** The account's open trouble tickets (every location at once), as the customer home shows them. */
import type { HomeTicket } from '@strand/domain';
import type { AppContext } from '../../context.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';
import { openTroubleTicketsOf } from './open-tickets.repository.js';

/** The home lists this many; the account page has them all. */
const HOME_TICKETS = 5;

/** The caller has checked the tickets permission; the account is always the actor's own. */
export async function openTroubleTickets(ctx: AppContext, actor: CustomerActor): Promise<HomeTicket[]> {
  const rows = await openTroubleTicketsOf(ctx.db, actor.customerId, HOME_TICKETS);
  return rows.map((r) => ({
    ticketId: r.id,
    serviceLocationId: r.service_location_id,
    subject: r.subject,
    category: r.category,
    status: r.status,
    createdAt: r.created_at,
  }));
}
