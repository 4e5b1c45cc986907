import type { UpgradePreview } from '@strand/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { assetPaths, completeUpgrade, previewUpgrade, useAssignedEquipment, useSwapData } from '../api/assets';
import { AssetFrame, LoadState, numberParam, SWAP_FAILED } from './asset-frame';
import { EquipmentPicker } from './equipment-picker';
import { SwapSummary } from './swap-summary';

/**
 * /search/{WOId}/upgradeONT/{ONTId}/{serviceLocationId}: choose the new ONT, preview the port mapping (oldDefP,
 * oldDefS), map each old port that carries a circuit to a new one, then upgrade.
 */
export function UpgradeOntPage() {
  const params = useParams();
  const id = useId();
  const WOId = numberParam(params.WOId);
  const ONTId = params.ONTId ?? '';
  const data = useSwapData(WOId, ONTId);
  const equipment = useAssignedEquipment();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string | null>(null);
  const [preview, setPreview] = useState<UpgradePreview | null>(null);
  const [ports, setPorts] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const chosen = equipment.data?.find((e) => e.vcAssetID === selected);

  const choose = (tag: string) => {
    setSelected(tag);
    setPreview(null);
    setResult(null);
  };

  const loadPreview = async () => {
    if (!selected) return;
    setBusy(true);
    setResult(null);
    try {
      const p = await previewUpgrade(WOId, { OrigEquip: ONTId, NewAsset: selected });
      setPreview(p);
      // Start each circuit on the new port with the same label (POTS1 to POTS1), else the same number.
      setPorts(
        Object.fromEntries(
          p.oldDefP.map((o) => {
            const match =
              o.newDefP.find((n) => n.vcPortLabel === o.vcPortLabel) ?? o.newDefP.find((n) => n.nPortID === o.nPortID);
            return [String(o.nPortID), match?.nPortID ?? 0];
          }),
        ),
      );
    } catch (err) {
      setResult({ ok: false, text: `${SWAP_FAILED} ${errorMessage(err)}` });
    } finally {
      setBusy(false);
    }
  };

  const upgrade = async () => {
    if (!selected || !chosen) return;
    setBusy(true);
    setResult(null);
    try {
      const answer = await completeUpgrade(WOId, {
        OrigEquip: ONTId,
        NewAsset: selected,
        TotalPorts: chosen.nPorts,
        Ports: ports,
      });
      // SPEC §4: success on a matching asset id.
      if (answer.nAssetID === chosen.nAssetID) {
        setResult({ ok: true, text: `${ONTId} was upgraded to ${selected}.` });
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
      title="Upgrade ONT"
      WOId={WOId}
      offlinePaths={[assetPaths.swapData(WOId, ONTId), assetPaths.assignedEquipment]}
    >
      <LoadState isPending={data.isPending} error={data.error} what="the upgrade data" />
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
          {equipment.data && <EquipmentPicker equipment={equipment.data} selected={selected} onSelect={choose} />}
          <button type="button" className="button" disabled={!selected || busy} onClick={() => void loadPreview()}>
            Preview ports
          </button>
          {preview && (
            <div className="card stack">
              <h2>Port mapping</h2>
              <p className="muted">
                {preview.oldDefS.map((s) => `Slot ${s.nSlot}: ${s.nPorts} ports`).join(' · ')} on {ONTId}
              </p>
              {preview.oldDefP.length === 0 && <p className="muted">No circuits to move.</p>}
              {preview.oldDefP.map((o) => (
                <div key={o.RecordID} className="field">
                  <label htmlFor={`${id}-port-${o.nPortID}`}>
                    {o.vcPortLabel} (port {o.nPortID}) · {o.vcProduct} {o.vcCircuitID}
                  </label>
                  <select
                    id={`${id}-port-${o.nPortID}`}
                    value={ports[String(o.nPortID)] ?? 0}
                    onChange={(e) => setPorts({ ...ports, [String(o.nPortID)]: Number(e.target.value) })}
                  >
                    <option value={0} disabled>
                      Please select a value
                    </option>
                    {o.newDefP.map((n) => (
                      <option key={n.nPortID} value={n.nPortID}>
                        {n.vcPortLabel} (port {n.nPortID})
                      </option>
                    ))}
                  </select>
                </div>
              ))}
              <button
                type="button"
                className="button"
                disabled={busy || Object.values(ports).some((p) => p === 0)}
                onClick={() => void upgrade()}
              >
                {busy ? 'Upgrading…' : `Upgrade ${ONTId} to ${selected}`}
              </button>
            </div>
          )}
        </div>
      )}
    </AssetFrame>
  );
}
