/** What Swap ONT and Upgrade ONT share: the frame with the ONT's data and the installer's stock, and the outcome. */
import type { Equipment, SwapData } from '@strand/domain';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { ButtonLink } from '../../../lib/ui/button-link';
import { assetPaths, useAssetByTag } from '../api/assets';
import { AssetFrame, LoadState, SWAP_FAILED } from './asset-frame';
import { EquipmentPicker } from './equipment-picker';
import { SwapSummary } from './swap-summary';

export interface OntChangeResult {
  ok: boolean;
  text: string;
  /** After a swap or upgrade: the ONT now in service, which the page then offers to open. */
  newAsset?: string;
}

/** SPEC §4: an answer that is not the success the call promises is shown after the office message. */
export const unexpectedAnswer = (answer: unknown): OntChangeResult => ({
  ok: false,
  text: `${SWAP_FAILED} ${JSON.stringify(answer)}`,
});

/** Runs one step of a swap or upgrade: busy while it runs, its outcome kept, a failure shown after the office message. */
export function useOntChange() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<OntChangeResult | null>(null);
  const run = async (step: () => Promise<OntChangeResult | null>) => {
    setBusy(true);
    setResult(null);
    try {
      const outcome = await step();
      setResult(outcome);
      // The ONT and the stock changed: every asset read is stale. Nothing is read again here, though: the old ONT
      // has left the service location, so re-reading it would only say so next to the success.
      if (outcome?.ok) await queryClient.invalidateQueries({ queryKey: ['assets'], refetchType: 'none' });
    } catch (err) {
      setResult({ ok: false, text: `${SWAP_FAILED} ${errorMessage(err)}` });
    } finally {
      setBusy(false);
    }
  };
  return { busy, result, setResult, run };
}

interface OntChangeFrameProps {
  title: string;
  WOId: number;
  ONTId: string;
  /** 'the swap data', 'the upgrade data' */
  what: string;
  data: UseQueryResult<SwapData, unknown>;
  equipment: UseQueryResult<Equipment[], unknown>;
  selected: string | null;
  onSelect(tag: string): void;
  result: OntChangeResult | null;
  /** The page's own steps, under the equipment picker. */
  children: ReactNode;
}

export function OntChangeFrame(props: OntChangeFrameProps) {
  const { WOId, ONTId, data, equipment, result } = props;
  return (
    <AssetFrame
      title={props.title}
      WOId={WOId}
      offlinePaths={[assetPaths.swapData(WOId, ONTId), assetPaths.assignedEquipment]}
    >
      {!result?.ok && <LoadState isPending={data.isPending} error={data.error} what={props.what} />}
      {result && (
        <div className={`alert ${result.ok ? 'alert--success' : 'alert--error'}`} role="alert">
          {result.text}
        </div>
      )}
      {result?.ok && result.newAsset && <NewOntLink WOId={WOId} tag={result.newAsset} />}
      {data.data && !result?.ok && (
        <div className="stack">
          <SwapSummary data={data.data} />
          <h2>Your equipment</h2>
          <LoadState isPending={equipment.isPending} error={equipment.error} what="your equipment" />
          {equipment.data && (
            <EquipmentPicker equipment={equipment.data} selected={props.selected} onSelect={props.onSelect} />
          )}
          {props.children}
        </div>
      )}
    </AssetFrame>
  );
}

/** After a swap or upgrade: the way to the ONT now at the service location (its page, with its actions). */
function NewOntLink({ WOId, tag }: { WOId: number; tag: string }) {
  const asset = useAssetByTag(tag);
  if (!asset.data) return null;
  return (
    <div className="actions">
      <ButtonLink to={`/search/${WOId}/serviceLocation/${asset.data.nAssetID}`}>Open {tag}</ButtonLink>
    </div>
  );
}
