/**
 * /order (public, no sign-in; SPEC §7 ordering): check an address, choose packages into a cart that survives a
 * reload and a sign-in, check out, and see the confirmation.
 */
import type { CheckoutResult } from '@strand/domain';
import { formatCents } from '@strand/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Button } from '../../../lib/ui/button';
import { usePageTitle } from '../../../lib/ui/page-title';
import { cartToken } from '../cart-token';
import { AddressCheck } from './address-check';
import { CartAndCheckout } from './cart-checkout';
import '../../../styles/forms.css';
import '../../../styles/ordering.css';

export function OrderPage() {
  usePageTitle('Check availability and order');
  const [cartId, setCartId] = useState<string | null>(() => cartToken.get());
  const [placed, setPlaced] = useState<CheckoutResult | null>(null);

  const startOver = () => {
    cartToken.clear();
    setCartId(null);
    setPlaced(null);
  };

  return (
    <div className="order-page">
      {placed ? (
        <Confirmation result={placed} onAnother={startOver} />
      ) : cartId ? (
        <CartAndCheckout
          cartId={cartId}
          onStartOver={startOver}
          onPlaced={(result) => {
            cartToken.clear();
            setPlaced(result);
            window.scrollTo({ top: 0 });
          }}
        />
      ) : (
        <AddressCheck
          onCart={(id) => {
            cartToken.set(id);
            setCartId(id);
          }}
        />
      )}
    </div>
  );
}

function Confirmation({ result, onAnother }: { result: CheckoutResult; onAnother(): void }) {
  return (
    <section className="card order-card" aria-labelledby="confirmation-heading">
      <h1 id="confirmation-heading">Order {result.orderId} is placed</h1>
      <p role="status">Thank you. We emailed a confirmation{result.email ? ` to ${result.email}` : ''}.</p>
      <dl className="order-summary">
        <div>
          <dt>Order number</dt>
          <dd className="order-token">{result.orderId}</dd>
        </div>
        <div>
          <dt>Account number</dt>
          <dd className="order-token">{result.vcCustomerID}</dd>
        </div>
        <div>
          <dt>Service address</dt>
          <dd>{result.address}</dd>
        </div>
        <div>
          <dt>Install</dt>
          <dd>
            {result.installDate}, {result.installWindow.replace('-', ' to ')}
          </dd>
        </div>
        <div>
          <dt>Paid today</dt>
          <dd>{formatCents(result.paidCents)}</dd>
        </div>
        <div>
          <dt>Payment reference</dt>
          <dd className="order-token">{result.paymentReference}</dd>
        </div>
      </dl>
      <h2>What you ordered</h2>
      <ul className="order-packages">
        {result.lines.map((l) => (
          <li key={l.packageId}>
            {l.name}: {formatCents(l.monthlyCents)}/month
            {l.installFeeCents > 0 && <>, install {formatCents(l.installFeeCents)}</>}
          </li>
        ))}
      </ul>
      <h2>What happens next</h2>
      <ol className="order-steps">
        {result.nextSteps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      {result.username ? (
        <p>
          Sign in as <strong>{result.username}</strong> to follow your order: <Link to={paths.login}>Sign in</Link>
        </p>
      ) : (
        <p>
          <Link to={paths.services}>Back to your services</Link>
        </p>
      )}
      <Button variant="tertiary" onClick={onAnother}>
        Order for another address
      </Button>
    </section>
  );
}
