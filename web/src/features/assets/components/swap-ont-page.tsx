import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../lib/ui/button';
import { completeSwap, useAssignedEquipment, useSwapData } from '../api/assets';
import { numberParam } from './asset-frame';
import { OntChangeFrame, unexpectedAnswer, useOntChange } from './ont-change';

/** /search/{WOId}/swapONT/{ONTId}/{serviceLocationId}: replace the ONT with one from the installer's stock. */
export function SwapOntPage() {
  const params = useParams();
  const WOId = numberParam(params.WOId);
  const ONTId = params.ONTId ?? '';
  const serviceLocationId = numberParam(params.serviceLocationId);
  const data = useSwapData(WOId, ONTId);
  const equipment = useAssignedEquipment();
  const [selected, setSelected] = useState<string | null>(null);
  const { busy, result, run } = useOntChange();

  const swap = (NewAsset: string) =>
    run(async () => {
      const answer = await completeSwap(WOId, { NewAsset, OrigEquip: ONTId, serviceLocation: serviceLocationId });
      // SPEC §4: success on a true result; anything else is a failure.
      return answer === true || answer === 'true'
        ? { ok: true, text: `${ONTId} was swapped for ${NewAsset}.`, newAsset: NewAsset }
        : unexpectedAnswer(answer);
    });

  return (
    <OntChangeFrame
      title="Swap ONT"
      what="the swap data"
      {...{ WOId, ONTId, data, equipment, selected, result }}
      onSelect={setSelected}
    >
      <Button
        type="button"
        disabled={!selected || busy}
        onClick={() => selected && void swap(selected)}
        busy={busy}
        busyText="Swapping…"
      >
        {`Swap ${ONTId}${selected ? ` for ${selected}` : ''}`}
      </Button>
    </OntChangeFrame>
  );
}
