import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { formatMoment } from '../../../lib/format';
import { Button } from '../../../lib/ui/button';
import { FormAlert } from '../../../lib/ui/form-alert';
import { CheckCircle2, Truck } from '../../../lib/ui/icons';
import { onMyWayQueryOptions, sendOnMyWay, useOnMyWay } from '../api/on-my-way';

/**
 * "On my way" on the WO home (issue 27), a secondary action for the installer assigned to the work order: tells the
 * customer, then shows that it was sent and when (offline or unassigned: no button). A second tap (or a retry of a lost answer) sends nothing again.
 */
export function OnMyWayButton({ workOrderId, online }: { workOrderId: number; online: boolean }) {
  const queryClient = useQueryClient();
  // The server answers 403 to an installer not assigned to the work order: no button for them.
  const state = useOnMyWay(workOrderId, online);
  const send = useMutation({
    mutationFn: () => sendOnMyWay(workOrderId),
    onSuccess: (next) => queryClient.setQueryData(onMyWayQueryOptions(workOrderId).queryKey, next),
  });
  if (!state.data) return null;
  const sentAt = send.data?.sentAt ?? state.data?.sentAt ?? null;
  if (sentAt) {
    return (
      <p className="wo-on-my-way" role="status">
        <CheckCircle2 className="icon" /> Customer told you are on the way ({formatMoment(sentAt)})
      </p>
    );
  }
  return (
    <div className="wo-on-my-way">
      <Button
        variant="tertiary"
        icon={<Truck className="icon" />}
        busy={send.isPending}
        busyText="Sending…"
        onClick={() => send.mutate()}
      >
        On my way
      </Button>
      {send.isError && <FormAlert message={errorMessage(send.error)} />}
    </div>
  );
}
