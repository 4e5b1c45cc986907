import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { useAcknowledge } from '../api/work-orders';

/** The question loads when it is asked: the dialog library stays out of the lists' first paint. */
const ConfirmDialog = lazy(() => import('../../../lib/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

export interface AcknowledgeButtonProps {
  workOrderId: number;
  acknowledged: boolean;
}

/**
 * getWorkorderAcknowledge / updateAcknowledgeWorkOrder: acknowledge the work order (a secondary button), or withdraw
 * the acknowledgement: a quiet tertiary action, confirmed first, so it never competes with the checklist.
 */
export function AcknowledgeButton({ workOrderId, acknowledged }: AcknowledgeButtonProps) {
  const ack = useAcknowledge(workOrderId);
  const [asking, setAsking] = useState(false);
  // mutateAsync: the answer is announced even when the refreshed list no longer holds this button.
  const send = async (value: 0 | 1) => {
    try {
      const result = await ack.mutateAsync(value);
      popup.show(
        result.acknowledged
          ? `Work order #${workOrderId} acknowledged.`
          : `Acknowledgement of work order #${workOrderId} withdrawn.`,
      );
    } catch (error) {
      popup.show(errorMessage(error));
    } finally {
      setAsking(false);
    }
  };
  if (!acknowledged) {
    return (
      <Button
        type="button"
        variant="secondary"
        busy={ack.isPending}
        busyText="Saving…"
        onClick={() => send(1)}
        aria-label={`Acknowledge work order ${workOrderId}`}
      >
        Acknowledge
      </Button>
    );
  }
  return (
    <>
      <Button
        type="button"
        variant="tertiary"
        busy={ack.isPending}
        busyText="Saving…"
        onClick={() => setAsking(true)}
        aria-label={`Withdraw acknowledgement of work order ${workOrderId}`}
      >
        Withdraw acknowledgement
      </Button>
      {asking && (
        <Suspense fallback={null}>
          <ConfirmDialog
            message={`Withdraw the acknowledgement of work order #${workOrderId}?`}
            yesLabel="Withdraw acknowledgement"
            noLabel="Keep it"
            danger
            busy={ack.isPending}
            onYes={() => send(0)}
            onNo={() => setAsking(false)}
          >
            <p>The office will see it as not acknowledged until someone acknowledges it again.</p>
          </ConfirmDialog>
        </Suspense>
      )}
    </>
  );
}
