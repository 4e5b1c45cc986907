/** Step 3 of a phone sale: the packages sold at the address (prices from the server); step 4 once there is internet. */
import type { Cart } from '@strand/domain';
import { errorMessage } from '../../../lib/api-client';
import { PackageChoices } from '../../../lib/checkout/package-choices';
import { FormAlert } from '../../../lib/ui/form-alert';
import { useSaleCart, useSetCartPackages } from '../api/new-order';
import { CheckoutStep } from './new-order-checkout-step';
import type { Customer } from './new-order-customer-step';

export function CartStep({ cartId, customer }: { cartId: string; customer: Customer }) {
  const cart = useSaleCart(cartId);
  if (cart.isPending) return <p className="card order-card">Loading the packages…</p>;
  if (cart.isError) return <FormAlert message={errorMessage(cart.error)} />;
  const hasInternet = cart.data.lines.some(
    (l) => cart.data.available.find((p) => p.id === l.packageId)?.category === 'internet',
  );
  return (
    <>
      <Packages cart={cart.data} />
      {hasInternet ? (
        <CheckoutStep cart={cart.data} customer={customer} />
      ) : (
        <p className="card order-card muted">Choose an internet speed to continue.</p>
      )}
    </>
  );
}

function Packages({ cart }: { cart: Cart }) {
  const update = useSetCartPackages(cart.cartId);
  return (
    <section className="card order-card" aria-labelledby="packages-heading">
      <h2 id="packages-heading">3. Packages at {cart.address.line}</h2>
      {cart.temporary && <p className="muted">A temporary service location: staff confirm it before the install.</p>}
      {cart.removed.length > 0 && <FormAlert message={`No longer offered here: ${cart.removed.join(', ')}.`} />}
      <PackageChoices
        cart={cart}
        save={update.mutateAsync}
        idPrefix="sale-pkg"
        internetName="sale-internet"
        extrasLegend="Add to the service"
      />
    </section>
  );
}
