import { type CustomerOrderDetail, formatCents, ORDER_STATUS_LABELS, workProgressText } from '@strand/domain';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatDay, formatMoment } from '../../../lib/format';
import { Button } from '../../../lib/ui/button';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { XCircle } from '../../../lib/ui/icons';
import { usePageTitle } from '../../../lib/ui/page-title';
import { TextAreaField } from '../../../lib/ui/parts';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { Table } from '../../../lib/ui/table';
import { useCancelOrder, useOrder } from '../api/orders';
import '../../../styles/customer.css';
import '../../../styles/orders.css';

/** /orders/{orderId}: one order: its lines and money, the install, the work in plain words, and its timeline. */
export function OrderPage() {
  const orderId = Number(useParams().orderId);
  usePageTitle(`Order #${orderId}`);
  const order = useOrder(Number.isInteger(orderId) && orderId > 0 ? orderId : 0);
  return (
    <section className="page page--wide stack" aria-labelledby="order-heading">
      <p>
        <Link to={paths.orders}>All orders</Link>
      </p>
      <h1 id="order-heading">Order #{orderId}</h1>
      {order.isPending && <Skeleton label="Loading the order…" />}
      {order.isError && <FormAlert message={errorMessage(order.error)} />}
      {order.data && <OrderDetailView order={order.data} />}
    </section>
  );
}

function installLine(o: CustomerOrderDetail): string {
  if (o.status === 'cancelled') return o.cancelledAt ? `Cancelled ${formatMoment(o.cancelledAt)}` : 'Cancelled';
  if (o.installedAt) return `Installed ${formatMoment(o.installedAt)}`;
  if (o.kind === 'change' && o.workOrders.length === 0) return 'No visit needed';
  if (!o.installDate) return 'Install day to be confirmed';
  return `Install ${formatDay(o.installDate)}${o.installWindow ? `, ${o.installWindow}` : ''}`;
}

function OrderDetailView({ order }: { order: CustomerOrderDetail }) {
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <div className="order-facts card">
        <p className="order-facts__status">
          <StatusBadge status={ORDER_STATUS_LABELS[order.status]} />
          <span>{installLine(order)}</span>
        </p>
        <p>{order.fullAddress}</p>
        <p className="muted">Placed {formatMoment(order.createdAt)}</p>
        {order.cancelReason && <p>Reason: {order.cancelReason}</p>}
      </div>
      {done && <FormAlert message={done} tone="success" />}

      <section className="stack" aria-labelledby="lines-heading">
        <h2 id="lines-heading">Packages and money</h2>
        <div className="order-lines">
          <Table
            caption={`Packages of order ${order.orderId}`}
            head={['Package', 'Monthly', 'Install fee']}
            numericFrom={1}
          >
            <tbody>
              {order.lines.map((l) => (
                <tr key={l.lineId}>
                  <td>{l.action === 'remove' ? `Remove ${l.description}` : l.description}</td>
                  <td className="num">
                    {l.action === 'remove' ? `−${formatCents(l.monthlyCents)}` : formatCents(l.monthlyCents)}
                  </td>
                  <td className="num">{formatCents(l.installFeeCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td className="num">{formatCents(order.monthlyCents)} a month</td>
                <td className="num">{formatCents(order.oneTimeCents)}</td>
              </tr>
            </tfoot>
          </Table>
        </div>
        <dl className="order-money">
          <div>
            <dt>Paid with the order</dt>
            <dd>{formatCents(order.paidCents)}</dd>
          </div>
          {order.refundedCents > 0 && (
            <div>
              <dt>Refunded</dt>
              <dd>{formatCents(order.refundedCents)}</dd>
            </div>
          )}
        </dl>
        {order.firstInvoiceId !== null && (
          <p>
            Your first invoice (#{order.firstInvoiceId}) is in the <Link to={paths.billingCenter}>Billing Center</Link>.
          </p>
        )}
      </section>

      {order.workOrders.length > 0 && (
        <section className="stack" aria-labelledby="work-heading">
          <h2 id="work-heading">The work</h2>
          <ol className="order-work">
            {order.workOrders.map((w) => (
              <li key={w.WOId} className={w.isComplete ? 'order-work__done' : undefined}>
                {workProgressText(w, formatDay)}
              </li>
            ))}
          </ol>
        </section>
      )}

      <section className="stack" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Timeline</h2>
        {order.events.length === 0 ? (
          <EmptyState>Nothing has happened on this order yet.</EmptyState>
        ) : (
          <ol className="order-timeline">
            {order.events.map((e) => (
              <li key={`${e.at}-${e.kind}-${e.WOId ?? ''}-${e.message}`}>
                <time dateTime={e.at}>{formatMoment(e.at)}</time>
                <span>{e.message}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      {order.cancellable && <CancelOrder order={order} onCancelled={setDone} />}
    </>
  );
}

/** Cancel, after a confirmation that says what is refunded; the server's reason shows when it refuses. */
function CancelOrder({ order, onCancelled }: { order: CustomerOrderDetail; onCancelled(message: string): void }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useCancelOrder(order.orderId);
  const refund = order.paidCents - order.refundedCents;
  const confirm = () =>
    cancel.mutate(reason, {
      onSuccess: (next) => {
        setAsking(false);
        onCancelled(
          next.refundedCents > 0
            ? `Order #${next.orderId} is cancelled. ${formatCents(next.refundedCents)} was refunded to the card it was paid with.`
            : `Order #${next.orderId} is cancelled.`,
        );
      },
    });
  return (
    <section className="stack" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading">Cancel the order</h2>
      <p className="muted">You can cancel until the installer starts the install.</p>
      {cancel.isError && !asking && <FormAlert message={errorMessage(cancel.error)} />}
      <div className="actions">
        <Button variant="destructive" icon={<XCircle className="icon" />} onClick={() => setAsking(true)}>
          Cancel order #{order.orderId}
        </Button>
      </div>
      {asking && (
        <ConfirmDialog
          message={`Cancel order #${order.orderId}?`}
          yesLabel="Yes, cancel the order"
          noLabel="Keep the order"
          danger
          busy={cancel.isPending}
          className="order-dialog"
          onYes={confirm}
          onNo={() => setAsking(false)}
        >
          <p>
            {refund > 0
              ? `${formatCents(refund)} paid with the order will be refunded to the card it was paid with.`
              : 'Nothing was paid for this order, so there is nothing to refund.'}{' '}
            The work planned for it will be taken off the schedule.
          </p>
          <TextAreaField
            label="Why are you cancelling? (optional)"
            value={reason}
            onValueChange={setReason}
            maxLength={500}
            rows={3}
          />
          {cancel.isError && <FormAlert message={errorMessage(cancel.error)} />}
        </ConfirmDialog>
      )}
    </section>
  );
}
