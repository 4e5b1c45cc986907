/**
 * The work-order home's Download (SPEC §2, §4): 'Downloading...' then 'Work Order Saved' in the popup (10 s). Hidden
 * when the work order is already saved on this device.
 */

import { errorMessage } from '../../../lib/api-client';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { useDownloadWorkOrder, useSavedWorkOrder } from '../api/saved-work-orders';

/** A list item of the home's buttons; nothing at all once the work order is saved. */
export function DownloadListItem({ workOrderId }: { workOrderId: number }) {
  const saved = useSavedWorkOrder(workOrderId);
  const download = useDownloadWorkOrder();
  if (saved.isPending || saved.data) return null;
  return (
    <li>
      <Button
        type="button"
        variant="secondary"
        block
        busy={download.isPending}
        onClick={() => {
          popup.show('Downloading...');
          download.mutate(workOrderId, {
            onSuccess: () => popup.show('Work Order Saved'),
            onError: (err) => popup.show(`The work order could not be saved: ${errorMessage(err)}`),
          });
        }}
      >
        Download
      </Button>
    </li>
  );
}
