import { type StaffTicketListSchema, TICKET_STATUSES } from '@strand/domain';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { staffTicketPath } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatMoment } from '../../../lib/format';
import { type DataColumn, DataTable, type SortDir, sortedRows } from '../../../lib/ui/data-table';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { SectionNav } from '../../../lib/ui/parts';
import { resultsRegionProps } from '../../../lib/ui/results-region';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { isTicketFilter, type TicketFilter, useStaffTickets } from '../api/trouble-tickets';
import { StaffOnly } from './staff-only';

type Ticket = z.infer<typeof StaffTicketListSchema>[number];

const FILTERS: readonly { id: TicketFilter; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'waiting', label: TICKET_STATUSES[1] },
  { id: 'resolved', label: 'Resolved' },
  { id: 'all', label: 'All' },
];

const COLUMNS: readonly DataColumn<Ticket>[] = [
  {
    id: 'ticket',
    header: 'Ticket',
    sort: 'ticket',
    cell: (t) => <Link to={staffTicketPath(t.TicketID)}>#{t.TicketID}</Link>,
  },
  {
    id: 'subject',
    header: 'Subject',
    sort: 'subject',
    cell: (t) => (
      <span className="cell-two-lines">
        {t.subject}
        <br />
        <span className="muted">{t.category}</span>
      </span>
    ),
  },
  {
    id: 'customer',
    header: 'Customer',
    sort: 'customer',
    priority: 2,
    cell: (t) => (
      <>
        {t.customerName}
        <br />
        <span className="muted">{t.customerId}</span>
      </>
    ),
  },
  { id: 'status', header: 'Status', sort: 'status', cell: (t) => <StatusBadge status={t.status} /> },
  { id: 'opened', header: 'Opened', sort: 'opened', priority: 3, cell: (t) => formatMoment(t.createdAt) },
  { id: 'last', header: 'Last update', sort: 'last', priority: 2, cell: (t) => formatMoment(t.lastUpdateAt) },
];

const SORTERS: Record<string, (t: Ticket) => string | number> = {
  ticket: (t) => t.TicketID,
  subject: (t) => t.subject.toLowerCase(),
  customer: (t) => t.customerName.toLowerCase(),
  status: (t) => t.status,
  opened: (t) => t.createdAt,
  last: (t) => t.lastUpdateAt,
};

/** /staff/tickets: every account's trouble tickets by status, longest waiting first (sales and dispatch). */
export function StaffTicketsPage() {
  usePageTitle('Trouble tickets');
  return (
    <StaffOnly roles={['sales', 'dispatcher']} title="Trouble tickets">
      <TicketsView />
    </StaffOnly>
  );
}

function TicketsView() {
  const [params] = useSearchParams();
  const asked = params.get('section');
  const status: TicketFilter = isTicketFilter(asked) ? asked : 'open';
  const tickets = useStaffTickets(status);
  const [sort, setSort] = useState<{ sort?: string; dir: SortDir }>({ dir: 'asc' });
  const rows = tickets.data ? sortedRows(tickets.data, SORTERS, sort.sort, sort.dir) : [];
  return (
    <section className="page page--wide stack" aria-labelledby="tickets-heading">
      <h1 id="tickets-heading">Trouble tickets</h1>
      <p className="page__lead">Customers’ trouble tickets, those waiting longest first. Open one to answer it.</p>
      <SectionNav label="Ticket status" sections={FILTERS} current={status} />
      {tickets.isPending && <Skeleton label="Loading tickets…" />}
      {tickets.isError && <FormAlert message={errorMessage(tickets.error)} />}
      {tickets.data && (
        <div className="stack" {...resultsRegionProps(tickets)}>
          <p className="muted" role="status" data-testid="ticket-count">
            {tickets.data.length} ticket{tickets.data.length === 1 ? '' : 's'}
          </p>
          {tickets.data.length === 0 ? (
            <EmptyState role="status">No ticket has this status.</EmptyState>
          ) : (
            <DataTable
              caption="Trouble tickets"
              columns={COLUMNS}
              rows={rows}
              rowKey={(t) => String(t.TicketID)}
              sort={sort.sort}
              dir={sort.dir}
              onSort={(s, d) => setSort({ sort: s, dir: d })}
            />
          )}
        </div>
      )}
    </section>
  );
}
