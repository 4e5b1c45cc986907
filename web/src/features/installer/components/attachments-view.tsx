import { fileKindOf, formatBytes, formatDateTime } from '../../../lib/format';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useAttachments } from '../api/work-order';
import { useWorkOrderContext } from './work-order-layout';
import { QueryState, WorkOrderView } from './work-order-view';

/** /search/{WOId}/attachments: file-name links that open each file (in a new tab). */
export function AttachmentsView() {
  const { workOrder } = useWorkOrderContext();
  const list = useAttachments(workOrder.WorkOrderID);
  return (
    <WorkOrderView title="Attachments">
      <QueryState isPending={list.isPending} error={list.error} what="the attachments" />
      {list.data?.length === 0 && <EmptyState>No attachments available</EmptyState>}
      {list.data && list.data.length > 0 && (
        <ul className="wo-cards">
          {list.data.map((a) => (
            <li key={a.nCount} className="card wo-card">
              <a className="wo-file" href={a.url} target="_blank" rel="noopener noreferrer">
                {a.vcFileName}
              </a>
              {a.vcDescription && <p>{a.vcDescription}</p>}
              <p className="muted">
                {fileKindOf(a.vcContentType, a.vcFileName)} · {formatBytes(a.nSizeBytes)} ·{' '}
                {formatDateTime(a.dtCreated)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </WorkOrderView>
  );
}
