import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { assetPaths, completeSwap, useAssignedEquipment, useSwapData } from '../api/assets';
import { AssetFrame, LoadState, numberParam, SWAP_FAILED } from './asset-frame';
import { EquipmentPicker } from './equipment-picker';
import { SwapSummary } from './swap-summary';

/** /search/{WOId}/swapONT/{ONTId}/{serviceLocationId}: replace the ONT with one from the installer's stock. */
export function SwapOntPage() {
  const params = useParams();
  const WOId = numberParam(params.WOId);
  const ONTId = params.ONTId ?? '';
  const serviceLocationId = numberParam(params.serviceLocationId);
  const data = useSwapData(WOId, ONTId);
  const equipment = useAssignedEquipment();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const swap = async () => {
    if (!selected) return;
    setBusy(true);
    setResult(null);
    try {
      const answer = await completeSwap(WOId, {
        NewAsset: selected,
        OrigEquip: ONTId,
        serviceLocation: serviceLocationId,
      });
      // SPEC §4: success on a true result; anything else is a failure.
      if (answer === true || answer === 'true') {
        setResult({ ok: true, text: `${ONTId} was swapped for ${selected}.` });
        await queryClient.invalidateQueries({ queryKey: ['assets'] });
      } else setResult({ ok: false, text: `${SWAP_FAILED} ${JSON.stringify(answer)}` });
    } catch (err) {
      setResult({ ok: false, text: `${SWAP_FAILED} ${errorMessage(err)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AssetFrame
      title="Swap ONT"
      WOId={WOId}
      offlinePaths={[assetPaths.swapData(WOId, ONTId), assetPaths.assignedEquipment]}
    >
      <LoadState isPending={data.isPending} error={data.error} what="the swap data" />
      {result && (
        <div className={`alert ${result.ok ? 'alert--success' : 'alert--error'}`} role="alert">
          {result.text}
        </div>
      )}
      {data.data && !result?.ok && (
        <div className="stack">
          <SwapSummary data={data.data} />
          <h2>Your equipment</h2>
          <LoadState isPending={equipment.isPending} error={equipment.error} what="your equipment" />
          {equipment.data && <EquipmentPicker equipment={equipment.data} selected={selected} onSelect={setSelected} />}
          <button type="button" className="button" disabled={!selected || busy} onClick={() => void swap()}>
            {busy ? 'Swapping…' : `Swap ${ONTId}${selected ? ` for ${selected}` : ''}`}
          </button>
        </div>
      )}
    </AssetFrame>
  );
}
