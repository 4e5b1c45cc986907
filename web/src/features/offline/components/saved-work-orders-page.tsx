/**
 * /savedWorkOrders (SPEC §2 Saved WO): the work orders saved on this device, like search results, each with Delete,
 * newest first, PAGE_SIZE to a page (`?page=N`, so Back from a work order returns to the same page). An installer may
 * hold 1,000 of them: one page renders in a few milliseconds where the whole list took seconds (docs/performance.md §8).
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { ageText } from '../../../lib/offline/response-cache';
import { InstallerOnly } from '../../../lib/ui/installer-only';
import { usePageTitle } from '../../../lib/ui/page-title';
import { useDeleteSavedWorkOrder, useSavedWorkOrders } from '../api/saved-work-orders';
import '../../../styles/installer.css';
import '../../../styles/offline.css';
import { Button } from '../../../lib/ui/button';
import { ButtonLink } from '../../../lib/ui/button-link';
import { LazyConfirmDialog } from '../../../lib/ui/confirm-dialog-lazy';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Skeleton } from '../../../lib/ui/skeleton';

/** Saved work orders on one page of the list. */
export const PAGE_SIZE = 50;

/** The page asked in the address (`?page=N`), kept within 1…pages. */
export function pageOf(param: string | null, total: number): number {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const asked = Number(param);
  return Number.isInteger(asked) ? Math.min(Math.max(asked, 1), pages) : 1;
}

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
  const [params] = useSearchParams();
  const [asking, setAsking] = useState<number | null>(null);
  const now = new Date();
  const total = list.data?.length ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = pageOf(params.get('page'), total);
  const first = (page - 1) * PAGE_SIZE;
  const shown = list.data?.slice(first, first + PAGE_SIZE) ?? [];
  return (
    <section className="page" aria-labelledby="saved-heading">
      <h1 id="saved-heading">Saved WO</h1>
      <p className="page__lead">Work orders saved on this device open without a connection.</p>
      {list.isPending && <Skeleton label="Loading…" />}
      {list.isError && (
        <p className="alert alert--error" role="alert">
          This browser could not read its saved work orders.
        </p>
      )}
      {list.data?.length === 0 && <EmptyState>No Work Orders Found</EmptyState>}
      {total > PAGE_SIZE && (
        <p className="muted" id="saved-range">
          {first + 1}–{first + shown.length} of {total} saved work orders
        </p>
      )}
      {shown.length > 0 && (
        <ul className="wo-results" aria-describedby={total > PAGE_SIZE ? 'saved-range' : undefined}>
          {shown.map(({ id, summary: wo, savedAt }) => (
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
                variant="destructive"
                className="saved-wo__delete"
                disabled={remove.isPending}
                onClick={() => setAsking(id)}
              >
                Delete <span className="visually-hidden">work order #{id}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {asking !== null && (
        <LazyConfirmDialog
          message={`Delete work order #${asking} from this device?`}
          yesLabel="Yes, delete it"
          noLabel="Keep it"
          danger
          onYes={() => {
            remove.mutate(asking);
            setAsking(null);
          }}
          onNo={() => setAsking(null)}
        >
          <p>It no longer opens without a connection; the work order itself stays as it is.</p>
        </LazyConfirmDialog>
      )}
      {pages > 1 && (
        <nav className="saved-wo-pager" aria-label="Pages of saved work orders">
          {page > 1 && (
            <ButtonLink variant="secondary" to={`?page=${page - 1}`}>
              Newer <span className="visually-hidden">saved work orders</span>
            </ButtonLink>
          )}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages && (
            <ButtonLink variant="secondary" to={`?page=${page + 1}`}>
              Older <span className="visually-hidden">saved work orders</span>
            </ButtonLink>
          )}
        </nav>
      )}
    </section>
  );
}
