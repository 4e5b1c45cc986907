/** /savedWorkOrders (SPEC §2 Saved WO): the work orders saved on this device, like search results, each with Delete. */
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { ageText } from '../../../lib/offline/response-cache';
import { InstallerOnly } from '../../../lib/ui/installer-only';
import { usePageTitle } from '../../../lib/ui/page-title';
import { useDeleteSavedWorkOrder, useSavedWorkOrders } from '../api/saved-work-orders';
import '../../../styles/installer.css';
import '../../../styles/offline.css';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';

export function SavedWorkOrdersPage() {
  usePageTitle('Saved WO');
  return (
    <InstallerOnly title="Saved WO">
      <SavedList />
    </InstallerOnly>
  );
}

function SavedList() {
  const list = useSavedWorkOrders();
  const remove = useDeleteSavedWorkOrder();
  const now = new Date();
  return (
    <section className="page" aria-labelledby="saved-heading">
      <h1 id="saved-heading">Saved WO</h1>
      <p className="page__lead">Work orders saved on this device open without a connection.</p>
      {list.isPending && <p className="muted">Loading…</p>}
      {list.isError && (
        <p className="alert alert--error" role="alert">
          This browser could not read its saved work orders.
        </p>
      )}
      {list.data?.length === 0 && <EmptyState>No Work Orders Found</EmptyState>}
      {list.data && list.data.length > 0 && (
        <ul className="wo-results">
          {list.data.map(({ id, summary: wo, savedAt }) => (
            <li key={id} className="saved-wo">
              <Link to={`/search/${id}`} className="wo-result">
                <span className="wo-result__head">
                  <span className="wo-result__title">{wo.vcNextScheduledName ?? 'No event scheduled'}</span>
                  <span className="wo-result__id">
                    #{wo.nCount} · {wo.vcWorkOrderType}
                  </span>
                </span>
                <span className="wo-result__meta">
                  <span>Event: {formatDateTime(wo.vcNextScheduledTime) || '—'}</span>
                  <span>Due: {wo.dtDueDate ?? '—'}</span>
                </span>
                <span className="wo-result__customer">{wo.vcCustomerName}</span>
                {wo.vcSummary && <span className="wo-result__summary">{wo.vcSummary}</span>}
                <span className="wo-result__colo">Colo area: {wo.vcColoArea ?? '—'}</span>
                <span className="saved-wo__age">
                  Saved <time dateTime={savedAt}>{ageText(savedAt, now)}</time>
                </span>
              </Link>
              <Button
                type="button"
                variant="secondary"
                className="saved-wo__delete"
                disabled={remove.isPending}
                onClick={() => remove.mutate(id)}
              >
                Delete <span className="visually-hidden">work order #{id}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
