import { errorMessage } from '../../../lib/api-client';
import { popup } from '../../../lib/popup-store';
import { useAcknowledge } from '../api/work-orders';

export interface AcknowledgeButtonProps {
  workOrderId: number;
  acknowledged: boolean;
}

/** getWorkorderAcknowledge / updateAcknowledgeWorkOrder: acknowledge the work order, or withdraw it. */
export function AcknowledgeButton({ workOrderId, acknowledged }: AcknowledgeButtonProps) {
  const ack = useAcknowledge(workOrderId);
  // mutateAsync: the answer is announced even when the refreshed list no longer holds this button.
  const onClick = async () => {
    try {
      const result = await ack.mutateAsync(acknowledged ? 0 : 1);
      popup.show(
        result.acknowledged
          ? `Work order #${workOrderId} acknowledged.`
          : `Acknowledgement of work order #${workOrderId} withdrawn.`,
      );
    } catch (error) {
      popup.show(errorMessage(error));
    }
  };
  return (
    <button
      type="button"
      className={acknowledged ? 'button button--secondary' : 'button'}
      onClick={onClick}
      disabled={ack.isPending}
      aria-label={`${acknowledged ? 'Withdraw acknowledgement of' : 'Acknowledge'} work order ${workOrderId}`}
    >
      {ack.isPending ? 'Saving…' : acknowledged ? 'Withdraw acknowledgement' : 'Acknowledge'}
    </button>
  );
}
