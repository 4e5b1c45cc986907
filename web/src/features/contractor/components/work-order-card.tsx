import type { ContractorWorkOrderSummary } from '@strand/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { formatDate, formatDateTime } from '../format';

export interface WorkOrderCardProps {
  workOrder: ContractorWorkOrderSummary;
  /** Its actions: the checklist first (the main one), then acknowledgement. */
  actions?: ReactNode;
}

export const detailsPath = (id: number) => `/workOrders?wo=${id}`;

/** One work order in a list: what it is, where, when, and its state. */
export function WorkOrderCard({ workOrder: w, actions }: WorkOrderCardProps) {
  return (
    <li className="wo-card" aria-labelledby={`wo-${w.nCount}-title`}>
      <div className="wo-card__head">
        <h3 id={`wo-${w.nCount}-title`} className="wo-card__title">
          <Link to={detailsPath(w.nCount)}>WO #{w.nCount}</Link>
        </h3>
        <StatusBadge status={w.vcStatus} tone={w.isComplete ? 'success' : undefined} />
        {w.dueState === 'overdue' && <StatusBadge status="Overdue" />}
        {w.dueState === 'dueToday' && <StatusBadge status="Due today" />}
        {!w.acknowledged && !w.isComplete && <span className="tag tag--warn">Not acknowledged</span>}
      </div>
      <p className="wo-card__type">{w.vcWorkOrderType}</p>
      <p className="wo-card__customer">
        {w.vcCustomerName}
        {w.vcAddress && <span className="muted"> · {w.vcAddress}</span>}
      </p>
      <dl className="wo-card__meta">
        {w.vcNextScheduledName && (
          <div>
            <dt>Event</dt>
            <dd>{w.vcNextScheduledName}</dd>
          </div>
        )}
        {w.vcNextScheduledTime && (
          <div>
            <dt>Scheduled</dt>
            <dd>{formatDateTime(w.vcNextScheduledTime)}</dd>
          </div>
        )}
        {w.dtDueDate && (
          <div>
            <dt>Due</dt>
            <dd>{formatDate(w.dtDueDate)}</dd>
          </div>
        )}
        {w.vcColoArea && (
          <div>
            <dt>Colo area</dt>
            <dd>{w.vcColoArea}</dd>
          </div>
        )}
      </dl>
      {actions && <div className="actions wo-card__actions">{actions}</div>}
    </li>
  );
}
