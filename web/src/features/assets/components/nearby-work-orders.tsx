import type { Asset, WorkOrderSummary } from '@strand/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import { locate } from '../../../lib/geolocation';
import { saveAsset } from '../../../lib/saved-assets';
import { Button, ButtonLink } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { getNearbyWorkOrdersQueryOptions } from '../api/assets';

/**
 * The work orders near the scan (SPEC §2, §7: the search sent with ByAssignment, ShowPendingAssigned, Latitude and
 * Longitude), with an 'assigned to you' checkbox that is disabled when nContractor is 1. Each opens the asset in
 * that work order, or saves it under Saved Assets.
 */
export function NearbyWorkOrders({ asset }: { asset: Asset }) {
  const id = useId();
  const { claims } = useSession();
  const lockedOff = claims?.nContractor === 1;
  const [mine, setMine] = useState(!lockedOff);
  const [position, setPosition] = useState<{ latitude: number; longitude: number } | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  useEffect(() => {
    void locate().then((l) => setPosition(l.position));
  }, []);
  const byAssignment = mine && !lockedOff ? '1' : '0';
  const list = useQuery(getNearbyWorkOrdersQueryOptions(byAssignment, position));
  const rows: WorkOrderSummary[] = list.data?.workOrders ?? [];
  return (
    <section className="stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Work orders near you</h2>
      <div className="field field--check">
        <input
          id={`${id}-mine`}
          type="checkbox"
          checked={mine && !lockedOff}
          disabled={lockedOff}
          onChange={(e) => setMine(e.target.checked)}
        />
        <label htmlFor={`${id}-mine`}>Assigned to you</label>
      </div>
      {(list.isPending || position === null) && <p className="muted">Loading the work orders…</p>}
      {list.error && (
        <div className="alert alert--error" role="alert">
          {errorMessage(list.error)}
        </div>
      )}
      {/* Said plainly first; SPEC §8's empty states follow (the one for 'assigned to you', the one for all). */}
      {list.data && rows.length === 0 && (
        <div className="nearby-empty">
          <EmptyState role="status">
            {byAssignment === '1' ? 'No work orders assigned to you near here.' : 'No work orders near you.'}
          </EmptyState>
          <p className="muted">{byAssignment === '1' ? 'No asset assigned to you found' : 'No Work Orders Found'}</p>
        </div>
      )}
      {rows.length > 0 && (
        <ul className="asset-wo-list">
          {rows.map((wo) => (
            <li key={wo.nCount} className="card asset-wo">
              <p className="asset-title">
                WO #{wo.nCount} · {wo.vcWorkOrderType}
              </p>
              <p className="muted">
                {wo.vcCustomerName}
                {wo.vcSummary ? ` · ${wo.vcSummary}` : ''}
              </p>
              <div className="actions">
                <ButtonLink to={`/search/${wo.nCount}/serviceLocation/${asset.nAssetID}`}>
                  Open {asset.vcAssetID} in WO #{wo.nCount}
                </ButtonLink>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() =>
                    void saveAsset({ vcAssetID: asset.vcAssetID, WOId: wo.nCount, nAssetId: asset.nAssetID }).then(() =>
                      setSaved(wo.nCount),
                    )
                  }
                >
                  {saved === wo.nCount ? 'Saved' : 'Save asset'}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
