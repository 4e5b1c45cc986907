import type { ContractorMapWorkOrder } from '@strand/domain';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/ui/page-title';
import { Skeleton } from '../../../lib/ui/skeleton';
import { useMapData } from '../api/field';
import { ContractorOnly } from './contractor-only';
import { type STATUS_COLORS, statusColorKey, WorkOrderMap } from './work-order-map';
import '../../../styles/contractor.css';
import '../../../styles/contractor-field.css';

/** /maps and /maps/{workOrderId}: the company's work orders on a map, coloured by status (getMapData). */
export function MapsPage() {
  usePageTitle('Maps');
  return (
    <ContractorOnly title="Maps">
      <MapsContent />
    </ContractorOnly>
  );
}

const LEGEND: [keyof typeof STATUS_COLORS, string][] = [
  ['open', 'Open'],
  ['progress', 'In Progress'],
  ['complete', 'Complete'],
  ['closed', 'Closed'],
];

function MapsContent() {
  const params = useParams();
  const routeId = /^\d+$/.test(params['*'] ?? '') ? Number(params['*']) : null;
  const data = useMapData();
  const [showDone, setShowDone] = useState(false);
  const [focused, setFocused] = useState<number | null>(routeId);
  const workOrders = useMemo(
    () =>
      (data.data?.workOrders ?? []).filter(
        (w) => showDone || (!w.isComplete && w.vcStatus !== 'Closed') || w.nCount === focused,
      ),
    [data.data, showDone, focused],
  );
  const missing = routeId !== null && data.data && !data.data.workOrders.some((w) => w.nCount === routeId);

  return (
    <section className="contractor-page" aria-labelledby="maps-heading">
      <h1 id="maps-heading">Maps</h1>
      <ul className="legend" aria-label="Legend">
        {LEGEND.map(([key, label]) => (
          <li key={key}>
            <span className={`legend__swatch legend__swatch--${key}`} /> {label}
          </li>
        ))}
      </ul>
      <div className="field field--check">
        <input id="map-show-done" type="checkbox" checked={showDone} onChange={(e) => setShowDone(e.target.checked)} />
        <label htmlFor="map-show-done">Show complete and closed work orders</label>
      </div>
      {data.isError && (
        <div className="alert alert--error" role="alert">
          {errorMessage(data.error)}
        </div>
      )}
      {missing && (
        <div className="alert alert--error" role="alert">
          Work order #{routeId} is not one of your company’s work orders with a location.
        </div>
      )}
      {data.isPending && <Skeleton label="Loading the map…" />}
      {data.data && (
        <>
          <WorkOrderMap workOrders={workOrders} features={data.data.features} focusedId={focused} />
          <h2 className="section-title">
            {workOrders.length} work order{workOrders.length === 1 ? '' : 's'} on the map
          </h2>
          <ul className="map-list">
            {workOrders.map((w: ContractorMapWorkOrder) => (
              <li key={w.nCount} className={w.nCount === focused ? 'map-list__item--focused' : undefined}>
                <span className={`legend__swatch legend__swatch--${statusColorKey(w)}`} aria-hidden="true" />
                <span className="map-list__text">
                  <Link to={`/workOrders?wo=${w.nCount}`}>WO #{w.nCount}</Link> {w.vcWorkOrderType} · {w.vcStatus}
                  <span className="muted"> · {w.vcAddress}</span>
                  {w.vcGISObjectID && <span className="muted"> · GIS {w.vcGISObjectID}</span>}
                </span>
                <button type="button" className="link-button" onClick={() => setFocused(w.nCount)}>
                  Show on map
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
