/**
 * The customer home (issue 28): one answer composed through the services of the modules that own each piece, all
 * read at once (a fixed number of queries, whatever the number of locations). Pieces the user may not see are null.
 */
import type { Bills, CustomerHome, OrderSummary, ServiceLocationPackages } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { getBills } from '../billing/bills.service.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';
import { listOrders } from '../orders/customer-orders.service.js';
import { serviceLocations } from '../services/services.service.js';
import { recentNoticesFor } from '../subscribers/customer-notices.service.js';
import { openTroubleTickets } from '../support-tickets/open-tickets.service.js';
import { nextAppointmentOf } from '../work-orders/customer-visits.service.js';
import { homePieces } from './customer-home.policy.js';

const SETTLED_ORDERS = new Set(['installed', 'cancelled']);

function billingOf(bills: Bills, canPay: boolean): NonNullable<CustomerHome['billing']> {
  return {
    balanceCents: bills.balanceCents,
    pastDueCents: bills.pastDueCents,
    creditCents: bills.creditCents,
    nextDueDate: bills.nextDueDate,
    nextDueCents: bills.nextDueCents,
    autopayLocations: bills.mailingLocations.filter((l) => l.autopayPaymentMethodID !== null).length,
    mailingLocations: bills.mailingLocations.length,
    canPay,
  };
}

/** A location is in service with an active package, being set up while an order for it is under way. */
function locationsOf(locations: ServiceLocationPackages[], orders: OrderSummary[]): CustomerHome['locations'] {
  const settingUp = new Set(
    orders.filter((o) => !SETTLED_ORDERS.has(o.status) && o.serviceLocationId !== null).map((o) => o.serviceLocationId),
  );
  return locations.map((l) => {
    const active = l.Packages.filter((p) => p.Active === '1').map((p) => p.PackageName);
    return {
      serviceLocationId: l.ServiceLocationID,
      fullAddress: l.fullAddress,
      status: active.length > 0 ? 'In service' : settingUp.has(l.ServiceLocationID) ? 'Being set up' : 'No service',
      packages: active,
    };
  });
}

export async function customerHome(ctx: AppContext, actor: CustomerActor): Promise<CustomerHome> {
  const may = homePieces(actor.permissions);
  const [bills, locations, orders, appointment, tickets, notices] = await Promise.all([
    may.billing ? getBills(ctx, actor) : null,
    may.services ? serviceLocations(ctx, actor) : null,
    may.services ? listOrders(ctx, actor) : null,
    may.services ? nextAppointmentOf(ctx, actor.customerId) : null,
    may.tickets ? openTroubleTickets(ctx, actor) : null,
    recentNoticesFor(ctx, actor.customerId),
  ]);
  return {
    billing: bills ? billingOf(bills, may.pay) : null,
    locations: locations ? locationsOf(locations, orders ?? []) : null,
    nextAppointment: appointment,
    openTickets: tickets,
    notices,
  };
}
