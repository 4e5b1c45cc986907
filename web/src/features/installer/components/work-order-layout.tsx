import type { WorkOrderObject } from '@strand/domain';
import { Outlet, useOutletContext, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { lastSearchPath } from '../../../lib/last-search';
import { OfflineNotice } from '../../../lib/offline/offline-notice';
import { InstallerOnly } from '../../../lib/ui/installer-only';
import { usePageTitle } from '../../../lib/ui/page-title';
import { useWorkOrder } from '../api/work-order';
import '../../../styles/installer.css';
import { ButtonLink } from '../../../lib/ui/button-link';
import { Skeleton } from '../../../lib/ui/skeleton';

/** SPEC §8: the work order could not be fetched, or came back empty. */
export const FETCH_FAILED = 'Failed to Fetch Data. Check Internet Connection';

export interface WorkOrderContext {
  workOrder: WorkOrderObject;
}

/** The work order loaded by the layout, for the home and every view under /search/{WOId}. */
export function useWorkOrderContext(): WorkOrderContext {
  return useOutletContext<WorkOrderContext>();
}

/** /search/{WOId} and its views: loads the work order object once; the children read it from the outlet context. */
export function WorkOrderLayout() {
  const { WOId = '' } = useParams();
  return (
    <InstallerOnly title={`Work Order #${WOId}`}>
      <LoadedWorkOrder WOId={WOId} />
    </InstallerOnly>
  );
}

function LoadedWorkOrder({ WOId }: { WOId: string }) {
  const valid = /^\d{1,9}$/.test(WOId);
  const query = useWorkOrder(valid ? Number(WOId) : 0);
  usePageTitle(`Work Order #${WOId}`);

  if (valid && query.isPending) {
    return (
      <section className="page" aria-busy="true">
        <h1>Work Order #{WOId}</h1>
        <Skeleton label="Loading the work order…" />
      </section>
    );
  }
  if (!valid || query.isError || !query.data) {
    // The server's reason (not found, a contractor company's) helps; the network case needs only SPEC's text.
    const detail = query.error instanceof ApiError && query.error.status > 0 ? query.error.message : null;
    return (
      <section className="page">
        <h1>Work Order #{WOId}</h1>
        <div className="alert alert--error" role="alert">
          {FETCH_FAILED}
        </div>
        {detail && <p className="muted">{detail}</p>}
        <div className="actions">
          <ButtonLink variant="secondary" to={lastSearchPath()}>
            Go back to search results
          </ButtonLink>
        </div>
      </section>
    );
  }
  return (
    <>
      {/* Offline (issue 5): says when a view shows a saved or cached copy, and how old it is. */}
      <OfflineNotice pathPrefix={`/api/installer/work-orders/${query.data.WorkOrderID}`} />
      <Outlet context={{ workOrder: query.data } satisfies WorkOrderContext} />
    </>
  );
}
