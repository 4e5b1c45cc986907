import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../lib/ui/button';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { useContractorWorkOrder } from '../api/work-orders';
import { formatDate, formatDateTime } from '../format';
import { AcknowledgeButton } from './acknowledge-button';
import { AttachmentsPanel } from './attachments-panel';
import { PdfButton } from './pdf-button';

export interface WorkOrderDetailsProps {
  workOrderId: number;
  onBack(): void;
  onOpenChecklist(): void;
}

/** A work order's details: acknowledgement, where and when, its PDF, attachments and uploads. */
export function WorkOrderDetails({ workOrderId, onBack, onOpenChecklist }: WorkOrderDetailsProps) {
  const query = useContractorWorkOrder(workOrderId);
  const heading = useRef<HTMLHeadingElement>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const wo = query.data;

  // Opening another work order moves focus to its heading, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (wo && focused !== wo.WorkOrderID) {
      heading.current?.focus();
      setFocused(wo.WorkOrderID);
    }
  }, [wo, focused]);

  return (
    <section className="card wo-details" aria-labelledby="wo-details-heading">
      <div className="wo-details__top">
        <h2 id="wo-details-heading" ref={heading} tabIndex={-1}>
          Work order #{workOrderId}
        </h2>
        <Button type="button" variant="secondary" onClick={onBack}>
          Back to results
        </Button>
      </div>
      {query.isPending && <Skeleton label="Loading…" />}
      {query.isError && (
        <div className="alert alert--error" role="alert">
          {errorMessage(query.error)}
        </div>
      )}
      {wo && (
        <>
          <p className="wo-details__type">
            {wo.WorkOrderType.vcDescription}{' '}
            <StatusBadge status={wo.vcStatus} tone={wo.isComplete ? 'success' : undefined} />
          </p>
          <dl className="detail-list">
            <div>
              <dt>Customer</dt>
              <dd>
                {wo.Customer.vcCustomerName} ({wo.Customer.vcCustomerID})
              </dd>
            </div>
            {wo.ServiceLocationDetails && (
              <div>
                <dt>Address</dt>
                <dd>
                  {wo.ServiceLocationDetails.fullAddress} <Link to={`/maps/${wo.WorkOrderID}`}>Show on the map</Link>
                </dd>
              </div>
            )}
            {wo.vcNextScheduledTime && (
              <div>
                <dt>Scheduled</dt>
                <dd>
                  {wo.vcNextScheduledName} · {formatDateTime(wo.vcNextScheduledTime)}
                </dd>
              </div>
            )}
            {wo.dtDueDate && (
              <div>
                <dt>Due</dt>
                <dd>{formatDate(wo.dtDueDate)}</dd>
              </div>
            )}
            {wo.vcSummary && (
              <div>
                <dt>Summary</dt>
                <dd>{wo.vcSummary}</dd>
              </div>
            )}
            {wo.vcGISObjectID && (
              <div>
                <dt>GIS object</dt>
                <dd>{wo.vcGISObjectID}</dd>
              </div>
            )}
            <div>
              <dt>Acknowledgement</dt>
              <dd>
                {wo.acknowledgement.acknowledged
                  ? `Acknowledged ${formatDateTime(wo.acknowledgement.dtAcknowledged)}${
                      wo.acknowledgement.vcAcknowledgedBy ? ` by ${wo.acknowledgement.vcAcknowledgedBy}` : ''
                    }`
                  : 'Not acknowledged yet'}
              </dd>
            </div>
          </dl>
          <div className="actions">
            <Button type="button" onClick={onOpenChecklist}>
              {wo.isComplete ? 'View checklist' : 'Edit checklist'}
            </Button>
            {!wo.isComplete && (
              <AcknowledgeButton workOrderId={wo.WorkOrderID} acknowledged={wo.acknowledgement.acknowledged} />
            )}
            <PdfButton workOrderId={wo.WorkOrderID} />
          </div>
          <AttachmentsPanel workOrderId={wo.WorkOrderID} />
        </>
      )}
    </section>
  );
}
