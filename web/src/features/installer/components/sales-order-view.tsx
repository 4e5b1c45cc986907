import { useSalesOrder } from '../api/work-order';
import { useWorkOrderContext } from './work-order-layout';
import { QueryState, WorkOrderView } from './work-order-view';

/**
 * /search/{WOId}/salesOrder: the sales order as HTML. The server sanitizes it (no scripts, handlers, styles, frames);
 * the page's CSP would not run inline script anyway.
 */
export function SalesOrderView() {
  const { workOrder } = useWorkOrderContext();
  const order = useSalesOrder(workOrder.WorkOrderID);
  return (
    <WorkOrderView title="Sales Order" offlineWarning>
      <QueryState isPending={order.isPending} error={order.error} what="the sales order" />
      {order.data && (
        <article className="card sales-order" aria-label={`Sales order ${order.data.nOrderID}`}>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server (sales-order-html.ts). */}
          <div dangerouslySetInnerHTML={{ __html: order.data.html }} />
        </article>
      )}
    </WorkOrderView>
  );
}
