import { type InstallerChecklist, TEMPLATE_NOT_FOUND } from '@strand/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, newIdempotencyKey } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { Button } from '../../../lib/ui/button';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { CheckCircle2 } from '../../../lib/ui/icons';
import { completeInstall, getInstallerChecklistQueryOptions, useInstallerChecklist } from '../api/checklist';
import { ChecklistEditForm } from './checklist-edit-form';
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
          {data.form.templateType === 'install' && !data.isComplete && <CompleteInstall checklist={data} />}
        </section>
      )}
      {data?.form && data.canEdit && <ChecklistEditForm checklist={data} />}
    </WorkOrderView>
  );
}

/**
 * Complete Install: asks SPEC §4's question ('Are you sure all assets are moved properly?') first, in the kit's
 * ConfirmDialog; a work order waiting for the step before it says so instead of offering the button, and one whose
 * required fields are empty names them with a link to the form below (issue 27 item 8; the server refuses too).
 */
function CompleteInstall({ checklist }: { checklist: InstallerChecklist }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const complete = useMutation({
    mutationFn: () => completeInstall(checklist.WorkOrderID, '', key),
    onSuccess: (next) => {
      setAsking(false);
      queryClient.setQueryData(getInstallerChecklistQueryOptions(checklist.WorkOrderID).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: ['installer', 'work-order', checklist.WorkOrderID] });
    },
    onError: () => setAsking(false),
  });
  if (checklist.vcStatus === 'Waiting') {
    return <p className="muted">This install waits for the step before it; it can be completed once that is done.</p>;
  }
  if (checklist.vcStatus === 'Cancelled') return <p className="muted">This install was cancelled with its order.</p>;
  const missing = checklist.missingToComplete;
  if (missing.length > 0) {
    return (
      <div className="alert alert--info" role="note">
        <p>
          Fill in the checklist before completing the install: <strong>{missing.join(', ')}</strong>.
        </p>
        {checklist.canEdit ? (
          <a href="#checklist-form">Fill in the checklist</a>
        ) : (
          <p className="muted">Only an installer assigned to this work order can fill it in.</p>
        )}
      </div>
    );
  }
  return (
    <div className="stack">
      {complete.isError && <FormAlert message={errorMessage(complete.error)} />}
      <Button onClick={() => setAsking(true)} busy={complete.isPending} icon={<CheckCircle2 className="icon" />}>
        Complete install
      </Button>
      {asking && (
        <ConfirmDialog
          message="Are you sure all assets are moved properly?"
          yesLabel="Yes, complete the install"
          noLabel="No"
          busy={complete.isPending}
          onYes={() => complete.mutate()}
          onNo={() => setAsking(false)}
        />
      )}
    </div>
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
