import { ONT_HARDWARE_TYPE } from '@strand/domain';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../lib/ui/button-link';
import { assetPaths, useAsset } from '../api/assets';
import { AssetActions } from './asset-actions';
import { AssetDetails } from './asset-details';
import { AssetEdit } from './asset-edit';
import { AssetFrame, LoadState, NO_ASSET, numberParam } from './asset-frame';

/** /search/{WOId}/serviceLocation/{nAssetId}: the asset, its actions, and for an ONT Swap ONT and Upgrade ONT. */
export function AssetPage() {
  const params = useParams();
  const WOId = numberParam(params.WOId);
  const assetId = numberParam(params.nAssetId);
  const asset = useAsset(assetId);
  const a = asset.data;
  return (
    <AssetFrame title={a ? a.vcAssetID : 'Asset'} WOId={WOId} offlinePaths={[assetPaths.asset(assetId)]}>
      <LoadState isPending={asset.isPending} error={asset.error} what="the asset" notFound={NO_ASSET} />
      {a && (
        <div className="stack">
          <AssetDetails asset={a} />
          {a.nHardwareType === ONT_HARDWARE_TYPE && a.nServiceLocationID !== null && (
            <div className="actions">
              <ButtonLink to={`/search/${WOId}/swapONT/${encodeURIComponent(a.vcAssetID)}/${a.nServiceLocationID}`}>
                Swap ONT
              </ButtonLink>
              <ButtonLink to={`/search/${WOId}/upgradeONT/${encodeURIComponent(a.vcAssetID)}/${a.nServiceLocationID}`}>
                Upgrade ONT
              </ButtonLink>
            </div>
          )}
          <AssetActions assetId={a.nAssetID} vcAssetID={a.vcAssetID} WOId={WOId} />
          {WOId !== null && <AssetEdit assetId={a.nAssetID} WOId={WOId} />}
        </div>
      )}
    </AssetFrame>
  );
}
