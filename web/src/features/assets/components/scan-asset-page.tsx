import { AssetTagSchema } from '@strand/domain';
import { useCallback, useId, useState } from 'react';
import { useSession } from '../../../lib/browser-session';
import { OfflineNotice } from '../../../lib/offline/offline-notice';
import { Button } from '../../../lib/ui/button';
import { usePageTitle } from '../../../lib/ui/page-title';
import { assetPaths, useAssetByTag } from '../api/assets';
import { useDebounced } from '../lib/use-debounced';
import { AssetDetails } from './asset-details';
import { LoadState, NO_ASSET } from './asset-frame';
import { BarcodeScanner } from './barcode-scanner';
import { NearbyWorkOrders } from './nearby-work-orders';

/**
 * /scanAsset (SPEC §2): scan a label with the camera or a photo, or type the asset id (trimmed, debounced 1 s);
 * then the asset's details and the nearby work orders to open it in.
 */
export function ScanAssetPage() {
  usePageTitle('Scan Asset');
  const id = useId();
  const { portal } = useSession();
  const [text, setText] = useState('');
  const [scanned, setScanned] = useState<string | null>(null);
  const typed = useDebounced(text.trim());
  // A scan sets the id at once; typing waits for the debounce.
  const assetId = scanned ?? typed;
  const valid = AssetTagSchema.safeParse(assetId);
  const asset = useAssetByTag(valid.success ? valid.data : '');
  const onRead = useCallback((code: string) => {
    setText(code);
    setScanned(code.trim());
  }, []);

  return (
    <section className="page" aria-labelledby={`${id}-h`}>
      <h1 id={`${id}-h`}>Scan Asset</h1>
      <div className="stack">
        <BarcodeScanner onRead={onRead} />
        <div className="field">
          <label htmlFor={`${id}-asset`}>Asset ID</label>
          <div className="scan-input">
            <input
              id={`${id}-asset`}
              value={text}
              autoComplete="off"
              autoCapitalize="characters"
              onChange={(e) => {
                setText(e.target.value);
                setScanned(null);
              }}
            />
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setText('');
                setScanned(null);
              }}
            >
              Clear
            </Button>
          </div>
          {assetId && !valid.success && <p className="field__error">{valid.error.issues[0]?.message}</p>}
        </div>
        {valid.success && (
          <>
            <OfflineNotice pathPrefix={assetPaths.byTag(valid.data)} />
            <LoadState isPending={asset.isPending} error={asset.error} what="the asset" notFound={NO_ASSET} />
            {asset.data && (
              <>
                <AssetDetails asset={asset.data} />
                {(portal === 'installer' || portal === 'contractor') && <NearbyWorkOrders asset={asset.data} />}
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}
