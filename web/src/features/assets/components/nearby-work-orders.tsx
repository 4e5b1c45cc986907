import type { Asset } from '@strand/domain';
import { formatMiles } from '@strand/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import { locate } from '../../../lib/geolocation';
import { saveAsset } from '../../../lib/saved-assets';
import { Button } from '../../../lib/ui/button';
import { ButtonLink } from '../../../lib/ui/button-link';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Skeleton } from '../../../lib/ui/skeleton';
import { getContractorNearbyQueryOptions, getNearbyWorkOrdersQueryOptions } from '../api/assets';

interface NearbyRow {
  nCount: number;
  vcWorkOrderType: string;
  vcCustomerName: string;
  detail: string | null;
  miles: number | null;
}

type Position = { latitude: number; longitude: number } | null;

/** The installer's list: the work-order search sent with ByAssignment, ShowPendingAssigned and the position. */
function useInstallerRows(byAssignment: '0' | '1', position: Position, enabled: boolean) {
  const list = useQuery({ ...getNearbyWorkOrdersQueryOptions(byAssignment, position), enabled: enabled && !!position });
  const rows: NearbyRow[] | undefined = list.data?.workOrders.map((w) => ({
    nCount: w.nCount,
    vcWorkOrderType: w.vcWorkOrderType,
    vcCustomerName: w.vcCustomerName,
    detail: w.vcSummary,
    miles: null,
  }));
  return { list, rows };
}

/** The contractor's list: the company's open work orders nearest the position. */
function useContractorRows(byAssignment: '0' | '1', position: Position, enabled: boolean) {
  const list = useQuery({ ...getContractorNearbyQueryOptions(byAssignment, position), enabled: enabled && !!position });
  const rows: NearbyRow[] | undefined = list.data?.workOrders.map((w) => ({
    nCount: w.nCount,
    vcWorkOrderType: w.vcWorkOrderType,
    vcCustomerName: w.vcCustomerName,
    detail: w.vcAddress,
    miles: w.nDistanceMiles,
  }));
  return { list, rows };
}

/**
 * The work orders near the scan (SPEC §2, §7), with an 'assigned to you' checkbox. A user with nContractor 1 (the
 * provider's own crew) cannot untick it (SPEC §5, §6): it stays ticked and disabled. Installers see their search's
 * answer; contractors their company's open work orders, nearest first. Each opens the asset in that work order, or
 * saves it under Saved Assets.
 */
export function NearbyWorkOrders({ asset }: { asset: Asset }) {
  const id = useId();
  const { claims, portal } = useSession();
  const contractor = portal === 'contractor';
  const locked = claims?.nContractor === 1;
  const [mine, setMine] = useState(true);
  const [position, setPosition] = useState<Position>(null);
  const [saved, setSaved] = useState<number | null>(null);
  useEffect(() => {
    void locate().then((l) => setPosition(l.position));
  }, []);
  const byAssignment = mine || locked ? '1' : '0';
  const installer = useInstallerRows(byAssignment, position, !contractor);
  const company = useContractorRows(byAssignment, position, contractor);
  const { list, rows } = contractor ? company : installer;
  return (
    <section className="stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Work orders near you</h2>
      <div className="field field--check">
        <input
          id={`${id}-mine`}
          type="checkbox"
          checked={byAssignment === '1'}
          disabled={locked}
          aria-describedby={locked ? `${id}-locked` : undefined}
          onChange={(e) => setMine(e.target.checked)}
        />
        <label htmlFor={`${id}-mine`}>Assigned to you</label>
      </div>
      {locked && (
        <p id={`${id}-locked`} className="muted">
          The provider’s own crew sees the work orders assigned to them.
        </p>
      )}
      {(list.isPending || position === null) && <Skeleton label="Loading the work orders…" />}
      {list.error && (
        <div className="alert alert--error" role="alert">
          {errorMessage(list.error)}
        </div>
      )}
      {/* Said plainly first; SPEC §8's empty states follow (the one for 'assigned to you', the one for all). */}
      {rows && rows.length === 0 && (
        <div className="nearby-empty">
          <EmptyState role="status">
            {byAssignment === '1' ? 'No work orders assigned to you near here.' : 'No work orders near you.'}
          </EmptyState>
          <p className="muted">{byAssignment === '1' ? 'No asset assigned to you found' : 'No Work Orders Found'}</p>
        </div>
      )}
      {rows && rows.length > 0 && (
        <ul className="asset-wo-list">
          {rows.map((wo) => (
            <li key={wo.nCount} className="card asset-wo">
              <p className="asset-title">
                WO #{wo.nCount} · {wo.vcWorkOrderType}
              </p>
              <p className="muted">
                {wo.vcCustomerName}
                {wo.detail ? ` · ${wo.detail}` : ''}
                {wo.miles !== null ? ` · ${formatMiles(wo.miles)}` : ''}
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
