import { formatMiles, NEAREST_CO_COUNT } from '@strand/domain';
import type { LatLngBoundsExpression } from 'leaflet';
import { useId, useMemo, useState } from 'react';
import { CircleMarker, MapContainer, Tooltip } from 'react-leaflet';
import { useCentralOffices } from '../api/work-order';
import { useWorkOrderContext } from './work-order-layout';
import { QueryState, WorkOrderView } from './work-order-view';
import 'leaflet/dist/leaflet.css';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { mapColour } from '../../../lib/ui/map-colours';

/**
 * /search/{WOId}/colocations: the central offices nearest the service location (3 until expanded), with their
 * great-circle distance in miles, and a map of them. No base tiles: the map shows the points on their own.
 */
export function ColocationsView() {
  const { workOrder } = useWorkOrderContext();
  const id = useId();
  const offices = useCentralOffices(workOrder.WorkOrderID);
  const [expanded, setExpanded] = useState(false);
  const place = workOrder.ServiceLocationDetails;
  const shown = useMemo(
    () => (offices.data ?? []).slice(0, expanded ? undefined : NEAREST_CO_COUNT),
    [offices.data, expanded],
  );
  const bounds = useMemo<LatLngBoundsExpression | null>(() => {
    if (!place || shown.length === 0) return null;
    const lats = [place.Latitude, ...shown.map((o) => o.Latitude)];
    const lons = [place.Longitude, ...shown.map((o) => o.Longitude)];
    return [
      [Math.min(...lats), Math.min(...lons)],
      [Math.max(...lats), Math.max(...lons)],
    ];
  }, [place, shown]);

  return (
    <WorkOrderView title="C.O. Map" wide>
      <QueryState isPending={offices.isPending} error={offices.error} what="the central offices" />
      {offices.data && place && (
        <div className="wo-co">
          <div className="stack">
            <Button
              type="button"
              variant="secondary"
              aria-expanded={expanded}
              aria-controls={`${id}-list`}
              onClick={() => setExpanded((v) => !v)}
            >
              Expand/Collapse CO List
            </Button>
            <ol id={`${id}-list`} className="wo-co-list" aria-label="Central offices, nearest first">
              {shown.map((co) => (
                <li key={co.nCOID} className="card wo-card">
                  <p className="wo-card__title">
                    {co.vcName} <span className="wo-distance">{formatMiles(co.nDistanceMiles)}</span>
                  </p>
                  <p className="muted">
                    {co.vcKind} · {co.vcAddress}
                  </p>
                </li>
              ))}
            </ol>
          </div>
          {bounds && (
            <div className="wo-map-frame">
              <MapContainer
                key={expanded ? 'all' : 'nearest'}
                className="wo-map"
                bounds={bounds}
                boundsOptions={{ padding: [24, 24] }}
                scrollWheelZoom={false}
                attributionControl={false}
              >
                <CircleMarker
                  center={[place.Latitude, place.Longitude]}
                  radius={9}
                  pathOptions={{ color: mapColour.danger, fillColor: mapColour.danger, fillOpacity: 0.8 }}
                >
                  <Tooltip permanent direction="top">
                    Work order #{workOrder.WorkOrderID}
                  </Tooltip>
                </CircleMarker>
                {shown.map((co) => (
                  <CircleMarker
                    key={co.nCOID}
                    center={[co.Latitude, co.Longitude]}
                    radius={7}
                    pathOptions={{ color: mapColour.brand, fillColor: mapColour.accent, fillOpacity: 0.8 }}
                  >
                    <Tooltip>
                      {co.vcName} · {formatMiles(co.nDistanceMiles)}
                    </Tooltip>
                  </CircleMarker>
                ))}
              </MapContainer>
            </div>
          )}
        </div>
      )}
      {!place && <EmptyState>No Service Location found</EmptyState>}
    </WorkOrderView>
  );
}
