import {
  formatCents,
  isCancellable,
  manualMoveNeedsReason,
  ORDER_STATUS_LABELS,
  type StaffOrderPage as OrderPageData,
  OrderStatusSchema,
  OVERRIDE_REASON_REQUIRED,
  StaffCancelOrderRequestSchema,
  StaffOrderNoteRequestSchema,
  StaffOrderStatusRequestSchema,
} from '@strand/domain';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths, staffChangePackagesPath } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import { formatDateTime, formatDay } from '../../../lib/format';
import { StaffHistory } from '../../../lib/staff-history';
import { Button } from '../../../lib/ui/button';
import { ButtonLink } from '../../../lib/ui/button-link';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { SelectField, TextAreaField } from '../../../lib/ui/parts';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { Table } from '../../../lib/ui/table';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useAddNote, useCancelOrder, useChangeStatus, useOrderPage } from '../api/staff-orders';
import { mayReadOrders } from './orders-page';
import '../../../styles/reports.css';
import '../../../styles/dispatch.css';

/** /staff/orders/:orderId: one order with everything staff need to answer for it (issue 13 part 2). */
export function StaffOrderPage() {
  const { orderId } = useParams();
  const id = Number(orderId);
  usePageTitle(`Order ${orderId ?? ''}`);
  const { claims } = useSession();
  if (claims?.nStaff !== 1 || !mayReadOrders(claims.staffRoles)) {
    return (
      <section className="page" aria-labelledby="order-heading">
        <h1 id="order-heading">Order</h1>
        <p className="page__lead">Orders are for sales and dispatch staff. Sign in with one of those staff accounts.</p>
      </section>
    );
  }
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <section className="page" aria-labelledby="order-heading">
        <h1 id="order-heading">Order</h1>
        <EmptyState>There is no such order.</EmptyState>
        <Link to={paths.staffOrders}>Back to orders</Link>
      </section>
    );
  }
  return <OrderView orderId={id} />;
}

function OrderView({ orderId }: { orderId: number }) {
  const page = useOrderPage(orderId);
  if (page.isPending) return <Skeleton label="Loading the order…" />;
  if (page.isError) {
    return (
      <section className="page" aria-labelledby="order-heading">
        <h1 id="order-heading">Order {orderId}</h1>
        <FormAlert message={errorMessage(page.error)} />
        <Link to={paths.staffOrders}>Back to orders</Link>
      </section>
    );
  }
  const data = page.data;
  const o = data.order;
  return (
    <section className="page staff-orders-page" aria-labelledby="order-heading">
      <p>
        <Link to={paths.staffOrders}>← Orders</Link>
      </p>
      <h1 id="order-heading">
        Order {o.orderId} <StatusBadge status={ORDER_STATUS_LABELS[o.status]} />
      </h1>
      <p className="page__lead">
        {o.kind === 'new' ? 'New service' : 'Change of service'} for {o.customerName}, placed{' '}
        {formatDateTime(o.createdAt)}
        {o.installDate ? `; install ${formatDay(o.installDate)}${o.installWindow ? ` ${o.installWindow}` : ''}` : ''}.
      </p>
      <div className="staff-order-grid">
        <section className="card" aria-labelledby="customer-heading">
          <h2 id="customer-heading">Customer</h2>
          <p>
            {data.customer.name}
            <br />
            <span className="muted">
              {data.customer.id} · {data.customer.type} · {data.customer.status}
            </span>
          </p>
          <h3>Service location</h3>
          <p>{o.fullAddress || 'No service location.'}</p>
          {data.canEdit && o.serviceLocationId !== null && (
            <p>
              <ButtonLink to={staffChangePackagesPath(o.serviceLocationId)} variant="secondary">
                Change packages
              </ButtonLink>
            </p>
          )}
          <h3>Mailing address</h3>
          <p>{data.mailingAddress ?? 'Same as the service location.'}</p>
        </section>
        <section className="card" aria-labelledby="money-heading">
          <h2 id="money-heading">Money</h2>
          <dl className="staff-order-money">
            <dt>Monthly</dt>
            <dd>{formatCents(o.monthlyCents)}</dd>
            <dt>One-time</dt>
            <dd>{formatCents(o.oneTimeCents)}</dd>
            <dt>Paid</dt>
            <dd>{formatCents(o.paidCents)}</dd>
            <dt>Refunded</dt>
            <dd>{formatCents(o.refundedCents)}</dd>
          </dl>
          {o.cancelledAt && (
            <p>
              Cancelled {formatDateTime(o.cancelledAt)}
              {o.cancelReason ? `: ${o.cancelReason}` : ''}.
            </p>
          )}
        </section>
      </div>

      <h2>Lines</h2>
      {o.lines.length === 0 ? (
        <EmptyState>This order has no lines.</EmptyState>
      ) : (
        <Table caption="Order lines" head={['Package', 'Action', 'Monthly', 'Install fee']} numericFrom={2}>
          <tbody>
            {o.lines.map((l) => (
              <tr key={l.lineId}>
                <td>{l.description}</td>
                <td>{l.action === 'add' ? 'Add' : 'Remove'}</td>
                <td className="num">{formatCents(l.monthlyCents)}</td>
                <td className="num">{formatCents(l.installFeeCents)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}

      <h2>Work orders</h2>
      {o.workOrders.length === 0 ? (
        <EmptyState>This order needs no field work.</EmptyState>
      ) : (
        <Table caption="Work orders" head={['Work order', 'Status', 'Due', 'Scheduled', 'Who', 'Checklist']}>
          <tbody>
            {o.workOrders.map((w) => (
              <tr key={w.WOId}>
                <td>
                  #{w.WOId} {w.type}
                  {w.dependsOn ? <span className="muted"> (after #{w.dependsOn})</span> : null}
                </td>
                <td>
                  <StatusBadge status={w.status} />
                </td>
                <td>{w.dueDate ? formatDay(w.dueDate) : '—'}</td>
                <td>{w.scheduledAt ? formatDateTime(w.scheduledAt) : 'Not scheduled'}</td>
                <td>{w.contractorName ?? (w.assignees.length ? w.assignees.join(', ') : 'Unassigned')}</td>
                <td>{w.isComplete ? 'Complete' : 'Not complete'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}

      {o.workOrders.map((w) => (
        <WorkOrderHistory key={w.WOId} id={w.WOId} type={w.type} />
      ))}

      {data.canEdit && <StatusForm orderId={o.orderId} data={data} />}
      {data.canEdit && isCancellable(o.status) && <CancelSection orderId={o.orderId} data={data} />}
      <NotesSection orderId={o.orderId} data={data} />

      <h2>Audit trail</h2>
      {data.trail.length === 0 ? (
        <EmptyState>Nothing has been recorded for this order yet.</EmptyState>
      ) : (
        <ul className="staff-order-trail" aria-label="Audit trail">
          {data.trail.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the trail has no ids; it is replaced, never reordered.
            <li key={i}>
              <span className="muted">{formatDateTime(e.at)}</span> · <strong>{e.who ?? 'System'}</strong> ·{' '}
              <code>{e.action}</code>
              {e.message ? ` — ${e.message}` : ''}
            </li>
          ))}
        </ul>
      )}
      <StaffHistory type="order" id={String(o.orderId)} title="Change history" />
    </section>
  );
}

/** A work order's own timeline (dispatch moves, visits), read when opened. */
function WorkOrderHistory({ id, type }: { id: number; type: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="card work-order-history" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        Work order #{id} history ({type})
      </summary>
      {open && <StaffHistory type="work_order" id={String(id)} title={`Work order #${id} history`} headingLevel={3} />}
    </details>
  );
}

/** Cancel on the customer's behalf (sales, admin): a reason, then a confirmation that says what is refunded. */
function CancelSection({ orderId, data }: { orderId: number; data: OrderPageData }) {
  const cancel = useCancelOrder(orderId);
  const form = useForm({ reason: '' });
  const [asking, setAsking] = useState<string | null>(null);
  const paid = data.order.paidCents - data.order.refundedCents;
  const submit = form.submit(StaffCancelOrderRequestSchema, async (body) => setAsking(body.reason));
  const confirm = async () => {
    if (asking === null) return;
    try {
      await cancel.mutateAsync({ reason: asking });
    } catch (err) {
      form.setErrors({ fields: {}, message: errorMessage(err) });
    } finally {
      setAsking(null);
    }
  };
  return (
    <section aria-labelledby="cancel-heading">
      <h2 id="cancel-heading">Cancel the order</h2>
      <p className="muted">
        Until the install starts. {paid > 0 ? `${formatCents(paid)} paid is refunded to the card it came from; ` : ''}
        the unfinished work orders are cancelled.
      </p>
      <Form className="card form-card" onSubmit={submit} message={form.errors.message}>
        <TextField label="Reason" maxLength={500} {...form.field('reason')} />
        <Button type="submit" variant="destructive" busy={cancel.isPending}>
          Cancel order
        </Button>
      </Form>
      {asking !== null && (
        <ConfirmDialog
          message={`Cancel order ${orderId}${paid > 0 ? ` and refund ${formatCents(paid)}` : ''}?`}
          yesLabel="Yes, cancel it"
          noLabel="No, keep it"
          danger
          busy={cancel.isPending}
          onYes={() => void confirm()}
          onNo={() => setAsking(null)}
        />
      )}
    </section>
  );
}

/** Whether moving to this status by hand needs a reason (an administrator's override to installed). */
function needsReason(status: string): boolean {
  const parsed = OrderStatusSchema.safeParse(status);
  return parsed.success && manualMoveNeedsReason(parsed.data);
}

function StatusForm({ orderId, data }: { orderId: number; data: OrderPageData }) {
  const change = useChangeStatus(orderId);
  const form = useForm({ status: data.nextStatuses[0] ?? '', reason: '' });
  if (data.nextStatuses.length === 0) {
    return (
      <section aria-labelledby="status-heading">
        <h2 id="status-heading">Status</h2>
        <p className="muted">
          An order that is {ORDER_STATUS_LABELS[data.order.status].toLowerCase()} does not move on any further.
        </p>
      </section>
    );
  }
  // Installed (an administrator's override; sales are never offered it) activates the service and bills it.
  const override = needsReason(form.values.status);
  const submit = form.submit(
    StaffOrderStatusRequestSchema,
    async (body) => {
      await change.mutateAsync(body);
      form.setValues((v) => ({ ...v, reason: '' }));
    },
    {
      rules: (v): Record<string, string> =>
        needsReason(v.status) && !v.reason.trim() ? { reason: OVERRIDE_REASON_REQUIRED } : {},
    },
  );
  return (
    <section aria-labelledby="status-heading">
      <h2 id="status-heading">Status</h2>
      <p className="muted">
        Orders move forward only; the work moves them by itself as checklists are completed. An order becomes installed
        when its install work order is completed.
      </p>
      <Form className="card form-card" onSubmit={submit} message={form.errors.message}>
        <SelectField
          label="Move to"
          {...form.field('status')}
          options={data.nextStatuses.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))}
        />
        {override && (
          <p className="muted">
            Marking it installed without its install work order activates the service and makes the first invoice now,
            as the install would. It is recorded with your name and the reason.
          </p>
        )}
        <TextField
          label={override ? 'Reason (required)' : 'Reason (optional)'}
          maxLength={200}
          {...form.field('reason')}
        />
        <Button type="submit" busy={change.isPending}>
          Change status
        </Button>
      </Form>
    </section>
  );
}

function NotesSection({ orderId, data }: { orderId: number; data: OrderPageData }) {
  const add = useAddNote(orderId);
  const form = useForm({ note: '', visibleToCustomer: false });
  const notes = data.order.events.filter((e) => e.kind === 'note' || e.kind === 'update');
  const submit = form.submit(StaffOrderNoteRequestSchema, async (body) => {
    await add.mutateAsync(body);
    form.setValues({ note: '', visibleToCustomer: false });
  });
  return (
    <section aria-labelledby="notes-heading">
      <h2 id="notes-heading">Notes</h2>
      {data.order.notes && <p>Order notes: {data.order.notes}</p>}
      {notes.length === 0 ? (
        <EmptyState>No staff notes yet.</EmptyState>
      ) : (
        <ul className="staff-order-trail" aria-label="Notes">
          {notes.map((n, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: notes have no ids in the timeline.
            <li key={i}>
              <span className="muted">{formatDateTime(n.at)}</span>{' '}
              <span className={n.kind === 'update' ? 'tag' : 'tag tag--muted'}>
                {n.kind === 'update' ? 'Shown to the customer' : 'Internal'}
              </span>{' '}
              — {n.message}
            </li>
          ))}
        </ul>
      )}
      {data.canEdit && (
        <Form className="card form-card" onSubmit={submit} message={form.errors.message}>
          <TextAreaField label="Add a note" rows={3} maxLength={2000} {...form.field('note')} />
          <div className="field field--check">
            <input
              id={`note-visible-${orderId}`}
              type="checkbox"
              checked={form.values.visibleToCustomer}
              onChange={(event) => form.setValues((v) => ({ ...v, visibleToCustomer: event.target.checked }))}
            />
            <label htmlFor={`note-visible-${orderId}`}>
              Show this note to the customer in the order’s timeline (otherwise it stays internal)
            </label>
          </div>
          <Button type="submit" busy={add.isPending}>
            Add note
          </Button>
        </Form>
      )}
    </section>
  );
}
