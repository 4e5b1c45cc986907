import type { DispatchResource, DispatchWorkOrder } from '@strand/domain';
import type { LatLngBoundsExpression } from 'leaflet';
import { useMemo } from 'react';
import { CircleMarker, MapContainer, Popup } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { BaseMap } from '../../../lib/base-map';
import { mapColour } from '../../../lib/ui/map-colours';
import { timeRange } from './board-time';

/** Marker colours: work to place, an installer's, a crew's, and a flagged visit (the legend says the same). */
export const MAP_COLORS = {
  toPlace: mapColour.orange,
  installer: mapColour.info,
  crew: mapColour.special,
  conflict: mapColour.danger,
} as const;

export function mapColorKey(w: DispatchWorkOrder): keyof typeof MAP_COLORS {
  const f = w.slot?.flags;
  if (f && (f.doubleBookedWith.length > 0 || f.beforePredecessor || f.outsideWorkingHours)) return 'conflict';
  const owner = w.slot?.resourceId ?? w.assignedTo[0];
  if (!owner) return 'toPlace';
  return owner.startsWith('installer:') ? 'installer' : 'crew';
}

/**
 * The board's work on a map (loaded only when asked for): every located work order, coloured by who has it, with
 * the visit's time and its resource in the popup, over the configured base map (BaseMap, MAP_TILE_URL through the
 * server's tile proxy: the CSP allows only the portal's own origin), like the installer's map.
 */
export function DispatchMap({
  workOrders,
  resources,
}: {
  workOrders: DispatchWorkOrder[];
  resources: DispatchResource[];
}) {
  const located = workOrders.filter(
    (w): w is DispatchWorkOrder & { latitude: number; longitude: number } =>
      w.latitude !== null && w.longitude !== null,
  );
  const names = useMemo(() => new Map(resources.map((r) => [r.id, r.title])), [resources]);
  const bounds = useMemo<LatLngBoundsExpression | null>(() => {
    if (located.length === 0) return null;
    const lats = located.map((w) => w.latitude);
    const lons = located.map((w) => w.longitude);
    return [
      [Math.min(...lats), Math.min(...lons)],
      [Math.max(...lats), Math.max(...lons)],
    ];
  }, [located]);

  if (located.length === 0) return <p className="muted">None of these work orders has a location on the map.</p>;
  return (
    <div className="map-frame">
      <MapContainer
        className="dispatch-map"
        {...(bounds ? { bounds, boundsOptions: { padding: [24, 24] } } : { center: [38.965, -92.297], zoom: 12 })}
        scrollWheelZoom={false}
        attributionControl={false}
      >
        <BaseMap />
        {located.map((w) => {
          const owner = w.slot?.resourceId ?? w.assignedTo[0];
          return (
            <CircleMarker
              key={w.id}
              center={[w.latitude, w.longitude]}
              radius={8}
              pathOptions={{
                color: mapColour.surface,
                weight: 2,
                fillColor: MAP_COLORS[mapColorKey(w)],
                fillOpacity: 0.95,
              }}
            >
              <Popup>
                <p className="map-popup__title">
                  WO #{w.id} · {w.status}
                </p>
                <p>
                  {w.type} – {w.customerName}
                  {w.address ? (
                    <>
                      <br />
                      {w.address}
                    </>
                  ) : null}
                </p>
                <p>
                  {owner ? (names.get(owner) ?? owner) : 'Unassigned'}
                  {w.slot ? `, ${timeRange(w.slot.start, w.slot.end)}` : ''}
                </p>
              </Popup>
            </CircleMarker>
          );
        })}
      </MapContainer>
    </div>
  );
}
