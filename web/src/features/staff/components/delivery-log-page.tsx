import type { DeliveryLog } from '@strand/domain';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import { formatDateTime, formatMoment } from '../../../lib/format';
import { type DataColumn, DataTable } from '../../../lib/ui/data-table';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { useDeliveryLog } from '../api/delivery-log';

type Entry = DeliveryLog['entries'][number];

const CHANNEL: Record<Entry['channel'], string> = { email: 'E-mail', sms: 'Text (SMS)', in_app: 'In the portal' };
const STATE: Record<Entry['state'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** Why a notice is where it is: the last error, else the newest try's words. */
function whyOf(entry: Entry): string {
  if (entry.lastError) return entry.lastError;
  const last = entry.tries.at(-1);
  return last ? [last.outcome, last.detail].filter(Boolean).join(': ') : '';
}

const COLUMNS: readonly DataColumn<Entry>[] = [
  {
    id: 'notice',
    header: 'Notice',
    cell: (e) => (
      <>
        <span className="delivery-log__title">{e.title}</span>
        <span className="muted delivery-log__event"> {e.eventType}</span>
      </>
    ),
  },
  { id: 'channel', header: 'Channel', cell: (e) => CHANNEL[e.channel] },
  { id: 'state', header: 'State', cell: (e) => <StatusBadge status={STATE[e.state]} /> },
  { id: 'why', header: 'Why', cell: (e) => whyOf(e) || '—', priority: 2 },
  { id: 'to', header: 'To', cell: (e) => e.to ?? 'the portal', priority: 2 },
  {
    id: 'time',
    header: 'Time',
    cell: (e) => <time dateTime={e.sentAt ?? e.createdAt}>{formatDateTime(e.sentAt ?? e.createdAt)}</time>,
    priority: 3,
  },
  { id: 'attempts', header: 'Tries', cell: (e) => e.attempts, numeric: true, priority: 3 },
];

/** /staff/customers/:customerId/notifications: what the portal told a customer and whether it arrived (issue 30). */
export function DeliveryLogPage() {
  const { customerId = '' } = useParams();
  usePageTitle(`Notifications sent to ${customerId}`);
  const { claims } = useSession();
  const log = useDeliveryLog(customerId);
  if (claims?.nStaff !== 1) {
    return (
      <section className="page">
        <h1>Staff only</h1>
        <p className="page__lead">This page is for the provider’s staff.</p>
      </section>
    );
  }
  const entries = log.data?.entries ?? [];
  const failed = entries.filter((e) => e.state === 'failed').length;
  return (
    <section className="page page--wide stack" aria-labelledby="delivery-log-heading">
      <p>
        <Link to={paths.staff}>Back to the customer search</Link>
      </p>
      <h1 id="delivery-log-heading">Notifications sent to {customerId}</h1>
      <p className="page__lead">
        Every notice to the account’s users, newest first: by which channel, to which address, and whether it arrived
        (and why not).
        {log.data && entries.length > 0 && (
          <>
            {' '}
            {entries.length} notice{entries.length === 1 ? '' : 's'}, {failed} failed. Last:{' '}
            {formatMoment(entries[0]?.createdAt ?? '')}.
          </>
        )}
      </p>
      {log.isError && <FormAlert message={errorMessage(log.error)} />}
      {log.isPending && <Skeleton label="Loading the delivery log…" lines={5} />}
      {log.data && (
        <DataTable
          caption={`Notifications sent to ${customerId}`}
          columns={COLUMNS}
          rows={entries}
          rowKey={(e) => String(e.id)}
          empty={<EmptyState>Nothing has been sent to this account yet.</EmptyState>}
        />
      )}
    </section>
  );
}
