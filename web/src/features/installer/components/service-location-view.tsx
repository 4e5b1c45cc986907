import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Slot } from '../../../lib/slots';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useLocationAssets, useServiceLocation } from '../api/work-order';
import { useWorkOrderContext } from './work-order-layout';
import { QueryState, WorkOrderView } from './work-order-view';

/** /search/{WOId}/serviceLocation: address, packages ('Show Active packages only') and, on request, the assets. */
export function ServiceLocationView() {
  const { workOrder } = useWorkOrderContext();
  const id = useId();
  const location = useServiceLocation(workOrder.WorkOrderID);
  const [activeOnly, setActiveOnly] = useState(false);
  const [showAssets, setShowAssets] = useState(false);
  const assets = useLocationAssets(workOrder.WorkOrderID, showAssets);
  const data = location.data;
  const packages = data ? data.Packages.filter((p) => !activeOnly || p.Active === '1') : [];

  return (
    <WorkOrderView title="Service Location">
      <QueryState isPending={location.isPending} error={location.error} what="the service location" />
      {data === null && <EmptyState>No Service Location found</EmptyState>}
      {data && (
        <div className="stack">
          <div className="card">
            <p className="wo-card__title">{data.fullAddress}</p>
            <p className="muted">
              Service location {data.ServiceLocationID}
              {data.nOrderID !== null && ` · Order ${data.nOrderID}`} · {data.Latitude}, {data.Longitude}
            </p>
          </div>

          <h2>Packages</h2>
          <div className="field field--check">
            <input
              id={`${id}-active`}
              type="checkbox"
              checked={activeOnly}
              onChange={(e) => setActiveOnly(e.target.checked)}
            />
            <label htmlFor={`${id}-active`}>Show Active packages only</label>
          </div>
          {packages.length === 0 ? (
            <EmptyState>No packages at this location.</EmptyState>
          ) : (
            <div className="wo-table-wrap">
              <table className="wo-table">
                <thead>
                  <tr>
                    <th scope="col">Package</th>
                    <th scope="col">Start date</th>
                    <th scope="col">Last invoiced</th>
                    <th scope="col">Active</th>
                  </tr>
                </thead>
                <tbody>
                  {packages.map((p) => (
                    <tr key={`${p.PackageID}-${p.StartDate}`} className={p.Active === '0' ? 'wo-inactive' : undefined}>
                      <td>{p.PackageName}</td>
                      <td>{p.StartDate}</td>
                      <td>{p.LastInvoiced ?? '—'}</td>
                      <td>{p.Active === '1' ? 'Yes' : 'No'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}

          <div className="actions">
            <Button
              type="button"
              variant="secondary"
              aria-expanded={showAssets}
              aria-controls={`${id}-assets`}
              onClick={() => setShowAssets((v) => !v)}
            >
              {showAssets ? 'Hide Assets' : 'Show Assets'}
            </Button>
          </div>
          <Slot name="addAsset" WOId={workOrder.WorkOrderID} />
          <div id={`${id}-assets`}>
            {showAssets && <QueryState isPending={assets.isPending} error={assets.error} what="the assets" />}
            {showAssets && assets.data?.length === 0 && <EmptyState>No assets tied to this location</EmptyState>}
            {showAssets && assets.data && assets.data.length > 0 && (
              <ul className="wo-cards" aria-label="Assets">
                {assets.data.map((a) => (
                  <li key={a.nAssetID} className="card wo-card">
                    <p className="wo-card__title">
                      <Link to={`/search/${workOrder.WorkOrderID}/serviceLocation/${a.nAssetID}`}>{a.vcAssetID}</Link>
                    </p>
                    <p>{a.vcAssetDescription}</p>
                    <p className="muted">
                      {a.vcEquipmentMaker} {a.vcModel} · {a.vcStatus}
                      {a.vcSerialNumber && ` · S/N ${a.vcSerialNumber}`}
                      {a.vcMACAddress && ` · MAC ${a.vcMACAddress}`}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </WorkOrderView>
  );
}
