import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { deleteSavedAsset, listSavedAssets, type SavedAsset } from '../../../lib/saved-assets';
import { usePageTitle } from '../../../lib/ui/page-title';
import { useAsset } from '../api/assets';
import { AssetActions } from './asset-actions';
import { AssetDetails } from './asset-details';
import { LoadState, NO_ASSET } from './asset-frame';
import '../../../styles/assets.css';
import { Button } from '../../../lib/ui/button';
import { LazyConfirmDialog } from '../../../lib/ui/confirm-dialog-lazy';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Skeleton } from '../../../lib/ui/skeleton';

/** /SavedAssets (SPEC §2): the assets saved on this device, with Show/Hide Details, Show/Hide Actions and Delete. */
export function SavedAssetsPage() {
  usePageTitle('Saved Assets');
  const [items, setItems] = useState<SavedAsset[] | null>(null);
  const reload = useCallback(() => void listSavedAssets().then(setItems), []);
  useEffect(reload, [reload]);
  return (
    <section className="page" aria-labelledby="saved-assets-h">
      <h1 id="saved-assets-h">Saved Assets</h1>
      {items === null && <Skeleton label="Loading…" />}
      {items?.length === 0 && <EmptyState>No saved Assets</EmptyState>}
      {items && items.length > 0 && (
        <ul className="stack saved-assets">
          {items.map((item) => (
            <SavedAssetItem
              key={item.vcAssetID}
              item={item}
              onDelete={() => void deleteSavedAsset(item.vcAssetID).then(reload)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedAssetItem({ item, onDelete }: { item: SavedAsset; onDelete(): void }) {
  const [details, setDetails] = useState(false);
  const [actions, setActions] = useState(false);
  const [asking, setAsking] = useState(false);
  return (
    <li className="card stack">
      <p className="asset-title">
        {item.vcAssetID} · <Link to={`/search/${item.WOId}/serviceLocation/${item.nAssetId}`}>WO #{item.WOId}</Link>
      </p>
      <div className="actions">
        <Button type="button" variant="secondary" aria-expanded={details} onClick={() => setDetails(!details)}>
          {details ? 'Hide Details' : 'Show Details'}
        </Button>
        <Button type="button" variant="secondary" aria-expanded={actions} onClick={() => setActions(!actions)}>
          {actions ? 'Hide Actions' : 'Show Actions'}
        </Button>
        <Button
          type="button"
          variant="destructive"
          className="asset-delete"
          onClick={() => setAsking(true)}
          aria-label={`Delete ${item.vcAssetID}`}
        >
          Delete
        </Button>
      </div>
      {asking && (
        <LazyConfirmDialog
          message={`Delete ${item.vcAssetID} from this device?`}
          yesLabel="Yes, delete it"
          noLabel="Keep it"
          danger
          onYes={() => {
            setAsking(false);
            onDelete();
          }}
          onNo={() => setAsking(false)}
        >
          <p>The asset itself stays as it is; only this saved copy goes.</p>
        </LazyConfirmDialog>
      )}
      {details && <SavedAssetDetails assetId={item.nAssetId} />}
      {actions && <AssetActions assetId={item.nAssetId} vcAssetID={item.vcAssetID} WOId={item.WOId} />}
    </li>
  );
}

function SavedAssetDetails({ assetId }: { assetId: number }) {
  const asset = useAsset(assetId);
  return (
    <>
      <LoadState isPending={asset.isPending} error={asset.error} what="the asset" notFound={NO_ASSET} />
      {asset.data && <AssetDetails asset={asset.data} />}
    </>
  );
}
