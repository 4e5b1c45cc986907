import type { ContractorMapFeature, ContractorMapWorkOrder } from '@strand/domain';
import type { LatLngBoundsExpression, LatLngExpression, CircleMarker as LeafletCircleMarker } from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { CircleMarker, MapContainer, Polygon, Polyline, Popup, useMap } from 'react-leaflet';
import { ButtonLink } from '../../../lib/ui/button-link';
import 'leaflet/dist/leaflet.css';

export const STATUS_COLORS = {
  open: '#1d4ed8',
  progress: '#b45309',
  complete: '#067647',
  closed: '#52606d',
} as const;

export function statusColorKey(w: Pick<ContractorMapWorkOrder, 'vcStatus' | 'isComplete'>): keyof typeof STATUS_COLORS {
  if (w.vcStatus === 'Closed') return 'closed';
  if (w.isComplete) return 'complete';
  return w.vcStatus === 'In Progress' ? 'progress' : 'open';
}

/** Plant drawn for context (SPEC §9 layer ids): fiber routes, drops, buildings and structures. */
const LAYER_STYLE: Record<number, { color: string; weight: number; dashArray?: string }> = {
  2: { color: '#9aa5b1', weight: 1 },
  3: { color: '#0b4f6c', weight: 2 },
  5: { color: '#7c3aed', weight: 2, dashArray: '4 4' },
  9: { color: '#3e4c59', weight: 1 },
  10: { color: '#01baef', weight: 3 },
  11: { color: '#f59e0b', weight: 3, dashArray: '6 4' },
  14: { color: '#be185d', weight: 3 },
};

const latLng = ([lon, lat]: [number, number]): LatLngExpression => [lat, lon];

function FeatureShape({ feature }: { feature: ContractorMapFeature }) {
  const style = LAYER_STYLE[feature.layerId] ?? { color: '#7b8794', weight: 1 };
  const options = { ...style, interactive: false };
  const g = feature.geometry;
  if (g.type === 'LineString') return <Polyline positions={g.coordinates.map(latLng)} pathOptions={options} />;
  if (g.type === 'Polygon') {
    return (
      <Polygon
        positions={g.coordinates.map((ring) => ring.map(latLng))}
        pathOptions={{ ...options, fillOpacity: 0.15 }}
      />
    );
  }
  return <CircleMarker center={latLng(g.coordinates)} radius={3} pathOptions={{ ...options, fillOpacity: 0.8 }} />;
}

/** Centres on the focused work order and opens its popup. */
function Focus({
  target,
  markers,
}: {
  target: ContractorMapWorkOrder | null;
  markers: Map<number, LeafletCircleMarker>;
}) {
  const map = useMap();
  useEffect(() => {
    if (!target) return;
    map.setView([target.Latitude, target.Longitude], 17);
    markers.get(target.nCount)?.openPopup();
  }, [map, target, markers]);
  return null;
}

export interface WorkOrderMapProps {
  workOrders: ContractorMapWorkOrder[];
  features: ContractorMapFeature[];
  focusedId: number | null;
}

/** The Leaflet map. No tile layer: the portal's CSP allows only its own origin, so the plant itself is the base map. */
export function WorkOrderMap({ workOrders, features, focusedId }: WorkOrderMapProps) {
  const markers = useRef(new Map<number, LeafletCircleMarker>());
  const bounds = useMemo<LatLngBoundsExpression | null>(() => {
    if (workOrders.length === 0) return null;
    const lats = workOrders.map((w) => w.Latitude);
    const lons = workOrders.map((w) => w.Longitude);
    return [
      [Math.min(...lats), Math.min(...lons)],
      [Math.max(...lats), Math.max(...lons)],
    ];
  }, [workOrders]);
  const target = workOrders.find((w) => w.nCount === focusedId) ?? null;

  return (
    <div className="map-frame">
      <MapContainer
        className="work-order-map"
        {...(bounds ? { bounds, boundsOptions: { padding: [24, 24] } } : { center: [38.965, -92.297], zoom: 12 })}
        scrollWheelZoom={false}
        attributionControl={false}
      >
        {features.map((f) => (
          <FeatureShape key={f.id} feature={f} />
        ))}
        {workOrders.map((w) => (
          <CircleMarker
            key={w.nCount}
            ref={(m) => {
              if (m) markers.current.set(w.nCount, m);
              else markers.current.delete(w.nCount);
            }}
            center={[w.Latitude, w.Longitude]}
            radius={w.nCount === focusedId ? 11 : 8}
            pathOptions={{
              color: '#ffffff',
              weight: 2,
              fillColor: STATUS_COLORS[statusColorKey(w)],
              fillOpacity: 0.95,
            }}
          >
            <Popup>
              <p className="map-popup__title">
                WO #{w.nCount} · {w.vcStatus}
              </p>
              <p>{w.vcWorkOrderType}</p>
              <p>
                {w.vcCustomerName}
                <br />
                {w.vcAddress}
              </p>
              {w.vcGISObjectID && <p>GIS object: {w.vcGISObjectID}</p>}
              <ButtonLink variant="secondary" to={`/workOrders?wo=${w.nCount}`} className="map-popup__open">
                Open work order
              </ButtonLink>
            </Popup>
          </CircleMarker>
        ))}
        <Focus target={target} markers={markers.current} />
      </MapContainer>
    </div>
  );
}
