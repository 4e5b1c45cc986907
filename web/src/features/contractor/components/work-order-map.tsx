import type { ContractorMapFeature, ContractorMapWorkOrder } from '@strand/domain';
import {
  divIcon,
  type LatLngBoundsExpression,
  type LatLngExpression,
  type CircleMarker as LeafletCircleMarker,
  type Map as LeafletMap,
} from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CircleMarker, MapContainer, Marker, Polygon, Polyline, Popup, useMap, useMapEvents } from 'react-leaflet';
import Supercluster from 'supercluster';
import { BaseMap } from '../../../lib/base-map';
import { ButtonLink } from '../../../lib/ui/button-link';
import 'leaflet/dist/leaflet.css';
import { mapColour } from '../../../lib/ui/map-colours';

export const STATUS_COLORS = {
  open: mapColour.info,
  progress: mapColour.orange,
  complete: mapColour.success,
  closed: mapColour.neutral,
} as const;

export function statusColorKey(w: Pick<ContractorMapWorkOrder, 'vcStatus' | 'isComplete'>): keyof typeof STATUS_COLORS {
  if (w.vcStatus === 'Closed') return 'closed';
  if (w.isComplete) return 'complete';
  return w.vcStatus === 'In Progress' ? 'progress' : 'open';
}

/** Plant drawn for context (SPEC §9 layer ids): fiber routes, drops, buildings and structures. */
const LAYER_STYLE: Record<number, { color: string; weight: number; dashArray?: string }> = {
  2: { color: mapColour['neutral-border'], weight: 1 },
  3: { color: mapColour.brand, weight: 2 },
  5: { color: mapColour.special, weight: 2, dashArray: '4 4' },
  9: { color: mapColour.slate, weight: 1 },
  10: { color: mapColour.accent, weight: 3 },
  11: { color: mapColour.amber, weight: 3, dashArray: '6 4' },
  14: { color: mapColour.magenta, weight: 3 },
};

const latLng = ([lon, lat]: [number, number]): LatLngExpression => [lat, lon];

function FeatureShape({ feature }: { feature: ContractorMapFeature }) {
  const style = LAYER_STYLE[feature.layerId] ?? { color: mapColour['border-strong'], weight: 1 };
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

/** Centres on the focused work order (at a zoom where no cluster hides it) and opens its popup once it is drawn. */
function Focus({
  target,
  markers,
  shown,
}: {
  target: ContractorMapWorkOrder | null;
  markers: Map<number, LeafletCircleMarker>;
  shown: boolean;
}) {
  const map = useMap();
  useEffect(() => {
    if (target) map.setView([target.Latitude, target.Longitude], FOCUS_ZOOM);
  }, [map, target]);
  useEffect(() => {
    if (target && shown) markers.get(target.nCount)?.openPopup();
  }, [target, shown, markers]);
  return null;
}

/**
 * Markers closer than this (screen px) join a cluster; above CLUSTER_MAX_ZOOM every work order has its own marker.
 * As wide as the largest cluster badge, so two badges never overlap; with CLUSTER_EXTENT, supercluster's pixels are
 * Leaflet's (its default extent of 512 halved the radius on a 256 px tile map, and badges sat on each other).
 */
const CLUSTER_RADIUS_PX = 48;
const CLUSTER_EXTENT = 256;
const CLUSTER_MAX_ZOOM = 16;
const FOCUS_ZOOM = 17;

type Point = Supercluster.PointFeature<{ id: number }>;

/** The clusters and single work orders in view at the map's zoom (supercluster), recomputed after each move. */
function useClusters(workOrders: ContractorMapWorkOrder[]) {
  const index = useMemo(() => {
    const points: Point[] = workOrders.map((w) => ({
      type: 'Feature',
      properties: { id: w.nCount },
      geometry: { type: 'Point', coordinates: [w.Longitude, w.Latitude] },
    }));
    return new Supercluster<{ id: number }>({
      radius: CLUSTER_RADIUS_PX,
      extent: CLUSTER_EXTENT,
      maxZoom: CLUSTER_MAX_ZOOM,
    }).load(points);
  }, [workOrders]);
  const [view, setView] = useState<{ box: [number, number, number, number]; zoom: number } | null>(null);
  const map = useMapEvents({ moveend: () => setView(viewOf(map)) });
  useEffect(() => setView(viewOf(map)), [map]);
  const items = useMemo(() => (view ? index.getClusters(view.box, Math.round(view.zoom)) : []), [index, view]);
  return { index, items, map };
}

const viewOf = (map: LeafletMap) => {
  const b = map.getBounds();
  return {
    box: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] as [number, number, number, number],
    zoom: map.getZoom(),
  };
};

function clusterIcon(count: number) {
  const size = count < 10 ? 34 : count < 100 ? 40 : 48;
  return divIcon({
    html: `<span>${count}</span>`,
    className: 'map-cluster',
    iconSize: [size, size],
  });
}

/** The work orders on the map: overlapping ones as one numbered cluster; tapping a cluster zooms in to split it. */
function WorkOrderMarkers({
  workOrders,
  focused,
  markers,
}: {
  workOrders: ContractorMapWorkOrder[];
  focused: ContractorMapWorkOrder | null;
  markers: Map<number, LeafletCircleMarker>;
}) {
  const { index, items, map } = useClusters(workOrders);
  const byId = useMemo(() => new Map(workOrders.map((w) => [w.nCount, w])), [workOrders]);
  const singles = items.flatMap((item) => {
    const props = item.properties as Partial<Supercluster.ClusterProperties> & { id?: number };
    return props.cluster ? [] : [byId.get(props.id ?? -1)].filter((w) => w !== undefined);
  });
  return (
    <>
      {items.map((item) => {
        const props = item.properties as Partial<Supercluster.ClusterProperties>;
        if (!props.cluster || props.cluster_id === undefined) return null;
        const clusterId = props.cluster_id;
        const [lon, lat] = item.geometry.coordinates as [number, number];
        const count = props.point_count ?? 0;
        return (
          <Marker
            key={`cluster-${clusterId}`}
            position={[lat, lon]}
            icon={clusterIcon(count)}
            title={`${count} work orders here: zoom in`}
            eventHandlers={{
              click: () => map.flyTo([lat, lon], Math.min(index.getClusterExpansionZoom(clusterId), FOCUS_ZOOM)),
            }}
          />
        );
      })}
      {singles.map((w) => (
        <CircleMarker
          key={w.nCount}
          ref={(m) => {
            if (m) markers.set(w.nCount, m);
            else markers.delete(w.nCount);
          }}
          center={[w.Latitude, w.Longitude]}
          radius={w.nCount === focused?.nCount ? 11 : 8}
          pathOptions={{
            color: mapColour.surface,
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
      <Focus target={focused} markers={markers} shown={focused !== null && singles.includes(focused)} />
    </>
  );
}

export interface WorkOrderMapProps {
  workOrders: ContractorMapWorkOrder[];
  features: ContractorMapFeature[];
  focusedId: number | null;
}

/**
 * The Leaflet map over the configured base map (BaseMap, through the portal's tile proxy: the CSP allows only its
 * own origin), with the plant drawn for context and the work orders clustered where they overlap.
 */
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
        <BaseMap />
        {features.map((f) => (
          <FeatureShape key={f.id} feature={f} />
        ))}
        <WorkOrderMarkers workOrders={workOrders} focused={target} markers={markers.current} />
      </MapContainer>
    </div>
  );
}
