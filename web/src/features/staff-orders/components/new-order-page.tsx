/**
 * /staff/orders/new (sales; issue 12 step 7, phone sales): staff place an order on a customer's behalf. The customer
 * (an account found by name or number, or a new one), the service address (the address check with its "Did you
 * mean" and area answer), the packages sold there (prices from the server), an install window from real capacity,
 * the card, the terms read to the customer; then the new order's page. The server checks everything again. This page
 * is the shell; each step is its own file (new-order-*-step.tsx), the checkout's parts are shared with the public
 * checkout in lib/checkout.
 */
import { staffHolds } from '@strand/domain';
import { useState } from 'react';
import { useSession } from '../../../lib/browser-session';
import { usePageTitle } from '../../../lib/ui/page-title';
import { AddressStep } from './new-order-address-step';
import { CartStep } from './new-order-cart-step';
import { type Customer, CustomerStep } from './new-order-customer-step';
import '../../../styles/forms.css';
import '../../../styles/ordering.css';

/** Who places orders on a customer's behalf (the server refuses the rest too). */
export function mayPlaceOrders(roles: Parameters<typeof staffHolds>[0]): boolean {
  return staffHolds(roles, 'sales');
}

export function StaffNewOrderPage() {
  usePageTitle('New order');
  const { claims } = useSession();
  if (claims?.nStaff !== 1 || !mayPlaceOrders(claims.staffRoles)) {
    return (
      <section className="page" aria-labelledby="new-order-heading">
        <h1 id="new-order-heading">New order</h1>
        <p className="page__lead">You do not have access to this. Orders are placed by sales staff.</p>
      </section>
    );
  }
  return <NewOrder />;
}

function NewOrder() {
  const [customer, setCustomer] = useState<Customer>({ kind: 'new' });
  const [cartId, setCartId] = useState<string | null>(null);
  return (
    <section className="page order-page" aria-labelledby="new-order-heading">
      <h1 id="new-order-heading">New order</h1>
      <p className="page__lead">An order taken on the phone: the customer, the address, the packages, then payment.</p>
      <CustomerStep customer={customer} onCustomer={setCustomer} />
      <AddressStep onCart={setCartId} hasCart={cartId !== null} />
      {cartId && <CartStep key={cartId} cartId={cartId} customer={customer} />}
    </section>
  );
}
