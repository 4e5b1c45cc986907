import { checklistFormFor, TEMPLATE_NOT_FOUND } from '@strand/domain';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Skeleton } from '../../../lib/ui/skeleton';
import { useContractorWorkOrder } from '../api/work-orders';
import { ChecklistEditor } from './checklist-editor';
import '../../../styles/contractor-modal.css';

export interface ChecklistModalProps {
  workOrderId: number;
  onClose(): void;
}

/** The work-order edit modal: the checklist that the work order type's view file chooses (SPEC §2). */
export function ChecklistModal({ workOrderId, onClose }: ChecklistModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const query = useContractorWorkOrder(workOrderId);
  const wo = query.data;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const form =
    wo &&
    checklistFormFor({
      viewFile: wo.WorkOrderType.vcViewFile,
      isBusiness: wo.WorkOrderType.isBusiness,
      templateType: wo.WorkOrderType.vcTemplateType,
    });

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby="checklist-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <header className="modal__header">
        <h2 id="checklist-title">
          Work order #{workOrderId}
          {wo && <span className="modal__subtitle">{wo.WorkOrderType.vcDescription}</span>}
        </h2>
        <button type="button" className="modal__close" onClick={onClose} aria-label="Close">
          ×
        </button>
      </header>
      {query.isPending && <Skeleton label="Loading…" />}
      {query.isError && (
        <div className="modal__body">
          <div className="alert alert--error" role="alert">
            {errorMessage(query.error)}
          </div>
        </div>
      )}
      {wo && !form && (
        <div className="modal__body template-missing" role="alert">
          <p className="template-missing__title">{TEMPLATE_NOT_FOUND}</p>
          <p>
            View file: <code>{wo.WorkOrderType.vcViewFile}</code>
          </p>
        </div>
      )}
      {wo && form && <ChecklistEditor form={form} workOrder={wo} onClose={onClose} />}
    </dialog>
  );
}
