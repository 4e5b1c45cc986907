import { formatCents, ORDER_STATUS_LABELS } from '@strand/domain';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatDay } from '../../../lib/format';
import { ButtonLink } from '../../../lib/ui/button-link';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { useOrders } from '../api/orders';
import '../../../styles/customer.css';
import '../../../styles/orders.css';

/** /orders: the account's orders, newest first: status, address and date, each opening its page. */
export function OrdersPage() {
  usePageTitle('Orders');
  const orders = useOrders();
  return (
    <section className="page page--wide stack" aria-labelledby="orders-heading">
      <h1 id="orders-heading">Orders</h1>
      <p>
        <Link to={paths.services}>Services</Link> shows your locations and packages; change packages there.
      </p>
      {orders.isPending && <Skeleton label="Loading your orders…" />}
      {orders.isError && <FormAlert message={errorMessage(orders.error)} />}
      {orders.data?.length === 0 && (
        <EmptyState>
          You have no orders yet. To add or change a package, choose “Change packages” on a location in Services.
        </EmptyState>
      )}
      <ul className="card-list">
        {orders.data?.map((o) => (
          <li key={o.orderId}>
            <article className="card item-card order-card" aria-labelledby={`order-${o.orderId}`}>
              <div className="item-card__head">
                <h2 id={`order-${o.orderId}`}>
                  <Link to={`/orders/${o.orderId}`}>
                    Order #{o.orderId}
                    {o.kind === 'change' ? ' (change)' : ''}
                  </Link>
                </h2>
                <StatusBadge status={ORDER_STATUS_LABELS[o.status]} />
              </div>
              <p>{o.fullAddress || 'No service address'}</p>
              <p className="muted">
                Placed {formatDay(o.createdAt)}
                {o.installDate && o.status !== 'installed' && o.status !== 'cancelled'
                  ? ` · install ${formatDay(o.installDate)}${o.installWindow ? `, ${o.installWindow}` : ''}`
                  : ''}
                {` · ${formatCents(o.monthlyCents)} a month`}
              </p>
              <ButtonLink to={`/orders/${o.orderId}`} variant="secondary">
                Follow order #{o.orderId}
              </ButtonLink>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
