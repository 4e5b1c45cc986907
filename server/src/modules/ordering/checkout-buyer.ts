/** Who checks out (a new customer, a signed-in customer, staff), and what the checkout's answer is. */
import type { CheckoutResult, NewAccountSchema, StaffNewCustomer } from '@strand/domain';
import type { z } from 'zod';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';

export type NewAccount = z.output<typeof NewAccountSchema>;

export type Buyer =
  | { kind: 'new'; account: NewAccount; clientAddress: string }
  | { kind: 'customer'; actor: CustomerActor; clientAddress: string }
  | {
      kind: 'staff';
      /** An existing account, or null when staff open a new one (newCustomer). */
      customerId: string | null;
      newCustomer: StaffNewCustomer | null;
      userId: number;
      employeeId: number | null;
    };

/** A new account's holder: the customer's own checkout or the one staff take on the phone. */
export const newHolderOf = (buyer: Buyer) =>
  buyer.kind === 'new' ? buyer.account : buyer.kind === 'staff' ? buyer.newCustomer : null;

export const CHECKOUT_ROUTE = 'orderingCheckout';

export const idempotencyUserOf = (buyer: Buyer) =>
  buyer.kind === 'new' ? 0 : buyer.kind === 'customer' ? buyer.actor.userId : buyer.userId;

export interface CheckoutAnswer {
  statusCode: number;
  body: CheckoutResult;
  replayed: boolean;
}
