import { ButtonAnchor } from '../../../lib/ui/button';
import { usePdfLink } from '../api/work-order';
import { useWorkOrderContext } from './work-order-layout';
import { QueryState, WorkOrderView } from './work-order-view';

/** /search/{WOId}/viewPDF: the work-order PDF made on the server, shown in the page, with Download. */
export function PdfView() {
  const { workOrder } = useWorkOrderContext();
  const link = usePdfLink(workOrder.WorkOrderID);
  return (
    <WorkOrderView title="Work Order PDF" wide>
      <QueryState isPending={link.isPending} error={link.error} what="the PDF" />
      {link.data && (
        <div className="stack">
          <div className="actions">
            <ButtonAnchor href={link.data.downloadPath} download={link.data.fileName}>
              Download
            </ButtonAnchor>
            <ButtonAnchor variant="secondary" href={link.data.path} target="_blank" rel="noopener noreferrer">
              Open in a new tab
            </ButtonAnchor>
          </div>
          <iframe className="wo-pdf" src={link.data.path} title={`Work order ${workOrder.WorkOrderID} PDF`} />
        </div>
      )}
    </WorkOrderView>
  );
}
