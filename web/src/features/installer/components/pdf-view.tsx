import { ButtonAnchor } from '../../../lib/ui/button';
import { PdfViewer } from '../../../lib/ui/pdf-viewer';
import { usePdfLink } from '../api/work-order';
import { useWorkOrderContext } from './work-order-layout';
import { QueryState, WorkOrderView } from './work-order-view';

/** /search/{WOId}/viewPDF: the work-order PDF made on the server, drawn in the page at the screen's width
 * (pdf.js), with Download and Open in a new tab. */
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
          <PdfViewer url={link.data.path} title={`Work order ${workOrder.WorkOrderID} PDF`} />
        </div>
      )}
    </WorkOrderView>
  );
}
