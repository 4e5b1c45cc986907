import { contactSummary } from '@strand/domain';
import { Fragment, type ReactNode } from 'react';
import { formatDateTime, formatDay } from '../../../lib/format';
import { lastSearchPath } from '../../../lib/last-search';
import { Slot } from '../../../lib/slots';
import { ButtonLink } from '../../../lib/ui/button-link';
import { usePageTitle } from '../../../lib/ui/page-title';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { useGisObject } from '../api/work-order';
import { OFFLINE_WARNING, useOnline } from '../lib/use-online';
import { WORK_ORDER_ACTIONS } from './work-order-actions';
import { useWorkOrderContext } from './work-order-layout';

/** /search/{WOId}: what the installer needs on site at a glance, and the way into every view (SPEC §2). */
export function WorkOrderHome() {
  const { workOrder: wo } = useWorkOrderContext();
  const online = useOnline();
  const gis = useGisObject(wo.WorkOrderDetails.nOrderID, wo.WorkOrderDetails.nCount);
  usePageTitle(`Work Order #${wo.WorkOrderID}`);
  const ctx = { workOrder: wo, viewObjectId: gis.data?.viewObjectId };
  const actions = WORK_ORDER_ACTIONS.filter((action) => action.visible(ctx));
  const contacts = wo.ContactMethods.contactMethodsArray;
  const assigned = wo.WorkOrderAssignments;

  const facts: [string, ReactNode][] = [
    ['Last updated', formatDateTime(wo.WorkOrderDetails.dtLastUpdated)],
    ['Customer', wo.Customer.vcCustomerName],
    ['Address', wo.ServiceLocationDetails?.fullAddress ?? 'No Service Location found'],
    ['Contacts', contactSummary(contacts)],
    ['Customer status', <StatusBadge key="customer" status={wo.Customer.vcCustomerStatus} />],
    ['Colo area', wo.WorkOrder.vcColoArea ?? '—'],
    ['Work order type', wo.WorkOrderType.vcDescription],
    ['Status', <StatusBadge key="status" status={wo.WorkOrder.vcStatus} />],
    [
      'Next event',
      [wo.WorkOrder.vcNextScheduledName, formatDateTime(wo.WorkOrder.vcNextScheduledTime)]
        .filter(Boolean)
        .join(' · ') || '—',
    ],
    ['Due date', wo.WorkOrder.dtDueDate ? formatDay(wo.WorkOrder.dtDueDate) : '—'],
  ];

  return (
    <section className="page page--wide" aria-labelledby="wo-heading">
      <p className="wo-eyebrow">{wo.WorkOrderType.vcDescription}</p>
      <h1 id="wo-heading">Work Order #{wo.WorkOrderID}</h1>
      <div className="actions wo-back">
        <ButtonLink variant="secondary" to={lastSearchPath()}>
          Go back to search results
        </ButtonLink>
      </div>

      <div className="wo-home">
        <div className="card wo-facts">
          <dl className="wo-dl">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {wo.WorkOrder.vcSummary && <p className="wo-summary">{wo.WorkOrder.vcSummary}</p>}
          <h2 className="section-title">Assigned</h2>
          {assigned.length === 0 ? (
            <p>Nobody is assigned yet (pending).</p>
          ) : (
            <ul className="wo-assigned">
              {assigned.map((a) => (
                <li key={a.Name}>{a.Name}</li>
              ))}
            </ul>
          )}
        </div>

        {/* Busy while the GIS lookup may still turn ArcGIS MAP into GIS Object map. */}
        <nav className="wo-actions" aria-label="Work order" aria-busy={gis.isLoading || undefined}>
          <ul>
            {actions.map((action) => (
              <Fragment key={action.key}>
                {action.key === 'photo' && <Slot name="workOrderDownload" workOrderId={wo.WorkOrderID} />}
                <li>
                  <ButtonLink variant="secondary" block to={action.to(ctx)}>
                    {action.label}
                  </ButtonLink>
                  {action.offlineWarning && !online && <span className="wo-offline">{OFFLINE_WARNING}</span>}
                </li>
              </Fragment>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}
