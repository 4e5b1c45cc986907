/**
 * Ownership rules of the contractor portal: a contractor session acts for its company (the token's nContractor) and
 * reaches only that company's work orders, calendar, map, restoration tickets and contracts. The route's declared
 * access has already refused installers, customers and staff.
 */
import { CANCELLED_WORK_MESSAGE, type SessionClaims, waitingWorkMessage } from '@strand/domain';
import { conflict, forbidden, notFound } from '../../lib/errors.js';

/** The provider's own crew: its 'assigned to you' filter is always on (SPEC §5, §6). */
export const PROVIDER_CREW_COMPANY = 1;

export function companyOf(user: SessionClaims): number {
  if (!(user.nContractor > 0)) throw forbidden('This is for contractor crews only.');
  return user.nContractor;
}

/** Refuses a missing object (404) or one of another company (403). */
export function assertOwnedByCompany<T extends { contractor_id: number | null }>(
  user: SessionClaims,
  owner: T | undefined,
  what: 'work order' | 'restoration ticket' | 'contract',
): asserts owner is T {
  if (!owner) throw notFound(`No ${what} has that id.`);
  if (owner.contractor_id !== companyOf(user)) {
    throw forbidden(`This ${what} belongs to another contractor company.`);
  }
}

/** A work order of an order that waits for the step before it, or was cancelled with its order, is not worked on. */
export function assertWorkable(wo: { status: string; depends_on_work_order_id: number | null }): void {
  if (wo.status === 'Waiting') throw conflict(waitingWorkMessage(wo.depends_on_work_order_id));
  if (wo.status === 'Cancelled') throw conflict(CANCELLED_WORK_MESSAGE);
}

export const userNameOf = (user: SessionClaims) => `${user.vcFirstName} ${user.vcLastName}`.trim();
