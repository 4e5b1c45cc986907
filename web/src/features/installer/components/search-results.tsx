import type { WorkOrderSearchResult } from '@strand/domain';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatDay } from '../../../lib/format';
import { EmptyState } from '../../../lib/ui/empty-state';
import { StatusBadge } from '../../../lib/ui/status-badge';

export interface SearchResultsProps {
  result: WorkOrderSearchResult;
  /** The results' heading (or empty state): focused and scrolled to after a search. */
  headingRef?: Ref<HTMLHeadingElement & HTMLDivElement>;
}

/** The results list of SPEC §2: each item links to its work order's home. */
export function SearchResults({ result, headingRef }: SearchResultsProps) {
  const { workOrders, truncated, limit } = result;
  if (workOrders.length === 0) {
    return (
      <div ref={headingRef} tabIndex={-1}>
        <EmptyState>No results found</EmptyState>
      </div>
    );
  }
  return (
    <section aria-labelledby="wo-results-heading" className="stack">
      <h2 id="wo-results-heading" className="section-title" ref={headingRef} tabIndex={-1}>
        {truncated
          ? `Showing the first ${limit} work orders. Narrow the search to see the others.`
          : `${workOrders.length} work order${workOrders.length === 1 ? '' : 's'} found`}
      </h2>
      <ul className="wo-results">
        {workOrders.map((wo) => (
          <li key={wo.nCount}>
            <Link to={`/search/${wo.nCount}`} className="wo-result">
              <span className="wo-result__head">
                <span className="wo-result__title">{wo.vcNextScheduledName ?? 'No event scheduled'}</span>
                <span className="wo-result__id">
                  #{wo.nCount} · {wo.vcWorkOrderType}
                </span>
              </span>
              <span className="wo-result__meta">
                <span>Event: {formatDateTime(wo.vcNextScheduledTime) || '—'}</span>
                <span>Due: {wo.dtDueDate ? formatDay(wo.dtDueDate) : '—'}</span>
                {wo.nDistanceFeet !== undefined && <span>{wo.nDistanceFeet} ft away</span>}
              </span>
              {wo.bOverdue && <StatusBadge status="Overdue" />}
              <span className="wo-result__customer">{wo.vcCustomerName}</span>
              {wo.vcAddress && <span className="wo-result__address">{wo.vcAddress}</span>}
              {wo.vcStatus === 'Waiting' && (
                <StatusBadge
                  tone="warning"
                  status={`Waiting${wo.nWaitingFor ? ` for #${wo.nWaitingFor}` : ''}: not workable yet`}
                />
              )}
              {wo.vcStatus === 'Cancelled' && <StatusBadge status="Cancelled with its order" />}
              {wo.vcSummary && <span className="wo-result__summary">{wo.vcSummary}</span>}
              <span className="wo-result__colo">Colo area: {wo.vcColoArea ?? '—'}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
