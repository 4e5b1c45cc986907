import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { NotAvailableOffline } from '../../../lib/offline/not-available-offline';
import { savedFile, useServedCopies } from '../../../lib/offline/offline-runtime';
import { ButtonAnchor } from '../../../lib/ui/button';
import { PdfViewer } from '../../../lib/ui/pdf-viewer';
import { Skeleton } from '../../../lib/ui/skeleton';
import { useOnline } from '../../../lib/use-online';
import { usePdfLink } from '../api/work-order';
import { useWorkOrderContext } from './work-order-layout';
import { QueryState, WorkOrderView } from './work-order-view';

/** /search/{WOId}/viewPDF: the work-order PDF made on the server, drawn in the page at the screen's width
 * (pdf.js), with Download and Open in a new tab. Offline (issue 27) it draws the copy Download kept. */
export function PdfView() {
  const { workOrder } = useWorkOrderContext();
  const id = workOrder.WorkOrderID;
  const link = usePdfLink(id);
  const online = useOnline();
  const fromCopy = useServedCopies().has(`/api/installer/work-orders/${id}/pdf-link`);
  if (!online || fromCopy) {
    return (
      <WorkOrderView title="Work Order PDF" wide>
        <KeptPdf workOrderId={id} fileName={link.data?.fileName ?? `work-order-${id}.pdf`} />
      </WorkOrderView>
    );
  }
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
          <PdfViewer url={link.data.path} title={`Work order ${id} PDF`} />
        </div>
      )}
    </WorkOrderView>
  );
}

/** The PDF file a Download kept on the device, drawn from its bytes, with a Download of that copy. */
function KeptPdf({ workOrderId, fileName }: { workOrderId: number; fileName: string }) {
  const kept = useQuery({
    queryKey: ['offline', 'saved-file', workOrderId, 'pdf'],
    queryFn: () => savedFile(workOrderId, 'pdf'),
    networkMode: 'always',
  });
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    if (!kept.data) return;
    const url = URL.createObjectURL(kept.data);
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [kept.data]);
  if (kept.isPending) return <Skeleton label="Loading the PDF…" />;
  if (!kept.data) return <NotAvailableOffline what="the PDF of this work order" />;
  return (
    <div className="stack">
      {href && (
        <div className="actions">
          <ButtonAnchor href={href} download={fileName}>
            Download
          </ButtonAnchor>
        </div>
      )}
      <PdfViewer url={kept.data} title={`Work order ${workOrderId} PDF`} />
    </div>
  );
}
