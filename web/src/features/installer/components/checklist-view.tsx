import { type InstallerChecklist, TEMPLATE_NOT_FOUND } from '@strand/domain';
import { formatDateTime } from '../../../lib/format';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useInstallerChecklist } from '../api/checklist';
import { useWorkOrderContext } from './work-order-layout';
import { QueryState, WorkOrderView } from './work-order-view';

/** /search/{WOId}/checkList: the onsite checklist of the work order's type, with what the crew filled in. */
export function ChecklistView() {
  const { workOrder } = useWorkOrderContext();
  const checklist = useInstallerChecklist(workOrder.WorkOrderID);
  const data = checklist.data;
  return (
    <WorkOrderView title="Checklist">
      <QueryState isPending={checklist.isPending} error={checklist.error} what="the checklist" />
      {data && !data.form && (
        <EmptyState>
          {TEMPLATE_NOT_FOUND}: {data.vcViewFile}
        </EmptyState>
      )}
      {data?.form && (
        <section className="card" aria-labelledby="checklist-title">
          <h2 id="checklist-title">{data.form.title}</h2>
          <p className="muted">
            {data.isComplete ? 'Complete' : `Status: ${data.vcStatus}`}
            {data.dtUpdated ? ` · last saved ${formatDateTime(data.dtUpdated)}` : ' · not filled in yet'}
          </p>
          <dl className="wo-dl">
            {rowsOf(data).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value || '—'}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </WorkOrderView>
  );
}

/** The checklist's rows: the times of the visit, the form's fields, then the notes. */
function rowsOf(data: InstallerChecklist): [string, string][] {
  return [
    ['Arrival onsite', data.tsArrivalOnsite ? formatDateTime(data.tsArrivalOnsite) : ''],
    ['Work complete', data.tsWorkComplete ? formatDateTime(data.tsWorkComplete) : ''],
    ...data.fields.map((field): [string, string] => [field.label, field.value]),
    ['Notes', data.txtNotes ?? ''],
  ];
}
