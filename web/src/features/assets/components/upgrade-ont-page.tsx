import type { UpgradePreview } from '@strand/domain';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../lib/ui/button';
import { completeUpgrade, previewUpgrade, useAssignedEquipment, useSwapData } from '../api/assets';
import { numberParam } from './asset-frame';
import { OntChangeFrame, unexpectedAnswer, useOntChange } from './ont-change';

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
  const [selected, setSelected] = useState<string | null>(null);
  const [preview, setPreview] = useState<UpgradePreview | null>(null);
  const [ports, setPorts] = useState<Record<string, number>>({});
  const { busy, result, setResult, run } = useOntChange();
  const chosen = equipment.data?.find((e) => e.vcAssetID === selected);

  const choose = (tag: string) => {
    setSelected(tag);
    setPreview(null);
    setResult(null);
  };

  const loadPreview = (NewAsset: string) =>
    run(async () => {
      const p = await previewUpgrade(WOId, { OrigEquip: ONTId, NewAsset });
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
      return null;
    });

  const upgrade = (NewAsset: string, nAssetID: number, TotalPorts: number) =>
    run(async () => {
      const answer = await completeUpgrade(WOId, { OrigEquip: ONTId, NewAsset, TotalPorts, Ports: ports });
      // SPEC §4: success on a matching asset id.
      return answer.nAssetID === nAssetID
        ? { ok: true, text: `${ONTId} was upgraded to ${NewAsset}.`, newAsset: NewAsset }
        : unexpectedAnswer(answer);
    });

  return (
    <OntChangeFrame
      title="Upgrade ONT"
      what="the upgrade data"
      {...{ WOId, ONTId, data, equipment, selected, result }}
      onSelect={choose}
    >
      <Button type="button" disabled={!selected || busy} onClick={() => selected && void loadPreview(selected)}>
        Preview ports
      </Button>
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
          <Button
            type="button"
            disabled={busy || Object.values(ports).some((p) => p === 0)}
            onClick={() => selected && chosen && void upgrade(selected, chosen.nAssetID, chosen.nPorts)}
            busy={busy}
            busyText="Upgrading…"
          >
            {`Upgrade ${ONTId} to ${selected}`}
          </Button>
        </div>
      )}
    </OntChangeFrame>
  );
}
