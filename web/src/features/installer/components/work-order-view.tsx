import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { lastSearchPath } from '../../../lib/last-search';
import { NotAvailableOffline } from '../../../lib/offline/not-available-offline';
import { ButtonLink } from '../../../lib/ui/button-link';
import { usePageTitle } from '../../../lib/ui/page-title';
import { Skeleton } from '../../../lib/ui/skeleton';
import { OFFLINE_WARNING, useOnline } from '../lib/use-online';
import { FETCH_FAILED, useWorkOrderContext } from './work-order-layout';

export interface WorkOrderViewProps {
  title: string;
  children: ReactNode;
  /** Views that need the network for their full use warn when offline (SPEC §2). */
  offlineWarning?: boolean;
  wide?: boolean;
}

/** The frame of a view under /search/{WOId}: its title, the work order it belongs to, and the way back. */
export function WorkOrderView({ title, children, offlineWarning = false, wide = false }: WorkOrderViewProps) {
  const { workOrder } = useWorkOrderContext();
  const online = useOnline();
  const id = workOrder.WorkOrderID;
  usePageTitle(`${title} · WO #${id}`);
  return (
    <section className={`page${wide ? ' page--wide' : ''}`} aria-labelledby="wo-view-heading">
      <p className="wo-eyebrow">
        Work Order #{id} · {workOrder.Customer.vcCustomerName}
      </p>
      <h1 id="wo-view-heading">{title}</h1>
      <nav className="actions wo-back" aria-label="Back">
        <ButtonLink variant="secondary" to={`/search/${id}`}>
          Go back to WO #{id}
        </ButtonLink>
        <ButtonLink variant="secondary" to={lastSearchPath()}>
          Go back to search results
        </ButtonLink>
      </nav>
      {offlineWarning && !online && (
        <p className="wo-offline" role="status">
          {OFFLINE_WARNING}
        </p>
      )}
      {children}
    </section>
  );
}

export interface QueryStateProps {
  isPending: boolean;
  error: unknown;
  what: string;
}

/** Loading and failure of a view's own data; renders nothing once the data is there. */
export function QueryState({ isPending, error, what }: QueryStateProps) {
  if (error) {
    // Offline, a read with no kept copy is not a failure: Download did not keep it (issue 27).
    if (error instanceof ApiError && error.status === 0 && !navigator.onLine) {
      return <NotAvailableOffline what={what} />;
    }
    const message = error instanceof ApiError && error.status > 0 ? error.message : FETCH_FAILED;
    return (
      <div className="alert alert--error" role="alert">
        {message}
      </div>
    );
  }
  if (isPending) return <Skeleton label={`Loading ${what}…`} />;
  return null;
}
