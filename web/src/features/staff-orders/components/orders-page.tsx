import {
  formatCents,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  STUCK_ORDER_DAYS,
  type StaffOrderRow,
  StaffOrderSearchQuerySchema,
  staffHolds,
} from '@strand/domain';
import { Link, useSearchParams } from 'react-router';
import { paths, staffOrderPath } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import { formatDay } from '../../../lib/format';
import { Button } from '../../../lib/ui/button';
import { ButtonLink } from '../../../lib/ui/button-link';
import { type DataColumn, DataTable, type SortDir } from '../../../lib/ui/data-table';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { SelectField } from '../../../lib/ui/parts';
import { resultsRegionProps } from '../../../lib/ui/results-region';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { type OrderFilters, useOrders } from '../api/staff-orders';
import '../../../styles/reports.css';
import '../../../styles/dispatch.css';
import { DateField } from '../../../lib/ui/date-time-field';

/** Who reads orders (sales, dispatchers, admins); the server refuses the rest too. */
export function mayReadOrders(roles: Parameters<typeof staffHolds>[0]): boolean {
  return staffHolds(roles, 'sales') || staffHolds(roles, 'dispatcher');
}

/** /staff/orders: every sales order, searched and filtered, 25 a page (issue 13 part 2). */
export function StaffOrdersPage() {
  usePageTitle('Orders');
  const { claims } = useSession();
  if (claims?.nStaff !== 1 || !mayReadOrders(claims.staffRoles)) {
    return (
      <section className="page" aria-labelledby="orders-heading">
        <h1 id="orders-heading">Orders</h1>
        <p className="page__lead">Orders are for sales and dispatch staff. Sign in with one of those staff accounts.</p>
      </section>
    );
  }
  return <OrdersView canReview={staffHolds(claims.staffRoles, 'sales')} />;
}

const COLUMNS: readonly DataColumn<StaffOrderRow>[] = [
  {
    id: 'order',
    header: 'Order',
    sort: 'order',
    cell: (o) => <Link to={staffOrderPath(o.orderId)}>Order {o.orderId}</Link>,
  },
  {
    id: 'customer',
    header: 'Customer',
    sort: 'customer',
    cell: (o) => (
      <>
        {o.customerName}
        <br />
        <span className="muted">{o.vcCustomerID}</span>
      </>
    ),
  },
  {
    id: 'address',
    header: 'Address',
    priority: 3,
    cell: (o) => <span className="cell-two-lines">{o.fullAddress || '—'}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    sort: 'status',
    cell: (o) => <StatusBadge status={ORDER_STATUS_LABELS[o.status]} />,
  },
  { id: 'placed', header: 'Placed', sort: 'placed', priority: 2, cell: (o) => formatDay(o.createdAt.slice(0, 10)) },
  {
    id: 'install',
    header: 'Install',
    sort: 'install',
    priority: 3,
    cell: (o) => (o.installDate ? formatDay(o.installDate) : '—'),
  },
  {
    id: 'monthly',
    header: 'Monthly',
    sort: 'monthly',
    numeric: true,
    priority: 2,
    cell: (o) => formatCents(o.monthlyCents),
  },
  {
    id: 'oneTime',
    header: 'One-time',
    sort: 'oneTime',
    numeric: true,
    priority: 3,
    cell: (o) => formatCents(o.oneTimeCents),
  },
];

function filtersOf(params: URLSearchParams): OrderFilters {
  const page = Number(params.get('page') ?? '1');
  return {
    q: params.get('q') ?? '',
    status: params.get('status') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    stuck: params.get('stuck') === 'true' ? 'true' : '',
    sort: params.get('sort') ?? '',
    dir: params.get('dir') === 'asc' ? 'asc' : params.get('dir') === 'desc' ? 'desc' : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function OrdersView({ canReview }: { canReview: boolean }) {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const orders = useOrders(filters);
  const form = useForm({ q: filters.q, status: filters.status, from: filters.from, to: filters.to });

  const go = (f: OrderFilters) => {
    const next = new URLSearchParams();
    for (const key of ['q', 'status', 'from', 'to', 'stuck', 'sort', 'dir'] as const) if (f[key]) next.set(key, f[key]);
    if (f.page > 1) next.set('page', String(f.page));
    setParams(next);
  };
  const submit = form.submit(StaffOrderSearchQuerySchema, async () => {
    go({ ...filters, ...form.values, q: form.values.q.trim(), page: 1 });
  });
  const data = orders.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section className="page page--wide staff-orders-page" aria-labelledby="orders-heading">
      <h1 id="orders-heading">Orders</h1>
      <p className="page__lead">
        Every sales order, newest first; sort by a column heading. Search by customer, account number, address or order
        number.
      </p>
      {filters.stuck && (
        <p className="notice" data-testid="stuck-filter">
          Showing only open orders whose status has not moved for {STUCK_ORDER_DAYS} days or more.{' '}
          <Link to={paths.staffOrders}>Show every order</Link>
        </p>
      )}
      {canReview && (
        <p className="actions">
          <ButtonLink to={paths.staffNewOrder}>New order</ButtonLink>
          <ButtonLink variant="secondary" to={paths.staffAddressReview}>
            Addresses to confirm
          </ButtonLink>
        </p>
      )}
      <Form className="card form-card" onSubmit={submit} message={form.errors.message} aria-label="Search orders">
        <div className="staff-orders-filters">
          <TextField label="Customer, account number, address or order number" type="search" {...form.field('q')} />
          <SelectField
            label="Status"
            {...form.field('status')}
            options={[
              { value: '', label: 'Any status' },
              ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
            ]}
          />
          <DateField label="Placed from" todayLabel={false} {...form.field('from')} />
          <DateField label="Placed to" todayLabel={false} {...form.field('to')} />
        </div>
        <div className="actions">
          <Button type="submit">Search</Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              form.setValues({ q: '', status: '', from: '', to: '' });
              go({ q: '', status: '', from: '', to: '', stuck: '', sort: '', dir: '', page: 1 });
            }}
          >
            Clear
          </Button>
        </div>
      </Form>
      {orders.isError && <FormAlert message={errorMessage(orders.error)} />}
      {orders.isPending && <Skeleton label="Loading orders…" />}
      {data && (
        <div {...resultsRegionProps(orders)}>
          {data.orders.length === 0 && (
            <EmptyState role="status">
              {filters.q || filters.status || filters.from || filters.to || filters.stuck
                ? 'No order matches this search.'
                : 'There are no orders yet.'}
            </EmptyState>
          )}
          {data.orders.length > 0 && (
            <>
              <p className="muted" role="status">
                {data.total} order{data.total === 1 ? '' : 's'} · page {data.page} of {pages}
              </p>
              <DataTable
                caption="Orders"
                columns={COLUMNS}
                rows={data.orders}
                rowKey={(o) => String(o.orderId)}
                sort={filters.sort || 'placed'}
                dir={(filters.dir || (filters.sort && filters.sort !== 'placed' ? 'asc' : 'desc')) as SortDir}
                onSort={(sort, dir) => go({ ...filters, sort, dir, page: 1 })}
              />
              <nav className="pager" aria-label="Pages">
                <Button
                  type="button"
                  variant="secondary"
                  small
                  disabled={filters.page <= 1}
                  onClick={() => go({ ...filters, page: filters.page - 1 })}
                >
                  Previous page
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  small
                  disabled={filters.page >= pages}
                  onClick={() => go({ ...filters, page: filters.page + 1 })}
                >
                  Next page
                </Button>
              </nav>
            </>
          )}
        </div>
      )}
    </section>
  );
}
