/**
 * Who may see and act on an order: a customer only its own account's (another account's: 403, unknown: 404, through
 * customer-account's `assertOwned`); staff of the sales role (and admins) any, by the route's declared access.
 */
import { conflict } from '../../lib/errors.js';
import { assertOwned, type CustomerActor } from '../customer-account/customer-access.policy.js';

export function assertOwnOrder(
  actor: CustomerActor,
  row: { customer_id: string } | undefined,
): asserts row is { customer_id: string } {
  assertOwned(actor, row, 'order');
}

/** A change waits for the location's order in progress: one order at a time per location. */
export function assertNoOpenOrder(openOrderId: number | null): void {
  if (openOrderId !== null) {
    throw conflict(
      `Order ${openOrderId} at this location is still in progress: change packages when it is done, or cancel it first.`,
    );
  }
}
