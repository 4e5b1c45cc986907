/**
 * The checked address on a map with the service areas it lies in (lazy: Leaflet loads only when a result is shown).
 * No tile layer: the portal's CSP allows only its own origin, so the areas themselves are the map.
 */
import type { AreaKind } from '@strand/domain';
import type { LatLngBoundsExpression, LatLngExpression } from 'leaflet';
import { CircleMarker, MapContainer, Polygon, Tooltip } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { mapColour } from '../../../lib/ui/map-colours';

export const AREA_COLORS: Record<AreaKind, string> = {
  fiber: mapColour.sky,
  business_fiber: mapColour.magenta,
  construction: mapColour.orange,
  signup: mapColour.special,
  outside: mapColour.neutral,
};

export interface AreaMapProps {
  latitude: number;
  longitude: number;
  label: string;
  areas: { kind: AreaKind; name: string; geometry: { type: string; coordinates: unknown } }[];
}

type Ring = [number, number][];
const rings = (g: AreaMapProps['areas'][number]['geometry']): Ring[][] =>
  g.type === 'Polygon' ? [g.coordinates as Ring[]] : g.type === 'MultiPolygon' ? (g.coordinates as Ring[][]) : [];
const latLng = ([lon, lat]: [number, number]): LatLngExpression => [lat, lon];

export function AreaMap({ latitude, longitude, label, areas }: AreaMapProps) {
  const points = areas.flatMap((a) => rings(a.geometry).flat(2));
  const bounds: LatLngBoundsExpression | null =
    points.length > 0
      ? [
          [Math.min(...points.map((p) => p[1]), latitude), Math.min(...points.map((p) => p[0]), longitude)],
          [Math.max(...points.map((p) => p[1]), latitude), Math.max(...points.map((p) => p[0]), longitude)],
        ]
      : null;
  return (
    <figure className="order-map">
      <MapContainer
        className="order-map__map"
        {...(bounds
          ? { bounds, boundsOptions: { padding: [16, 16] } }
          : { center: [latitude, longitude] as LatLngExpression, zoom: 14 })}
        scrollWheelZoom={false}
        attributionControl={false}
      >
        {areas.map((a) =>
          rings(a.geometry).map((polygon) => (
            <Polygon
              key={`${a.name}-${JSON.stringify(polygon[0]?.[0])}`}
              positions={polygon.map((ring) => ring.map(latLng))}
              pathOptions={{ color: AREA_COLORS[a.kind], weight: 2, fillOpacity: 0.15 }}
            >
              <Tooltip>{a.name}</Tooltip>
            </Polygon>
          )),
        )}
        <CircleMarker
          center={[latitude, longitude]}
          radius={9}
          pathOptions={{ color: mapColour.surface, weight: 2, fillColor: mapColour.text, fillOpacity: 0.95 }}
        >
          <Tooltip permanent direction="top">
            {label}
          </Tooltip>
        </CircleMarker>
      </MapContainer>
      <figcaption className="muted">
        {areas.length > 0
          ? `Map: ${label} in ${areas.map((a) => a.name).join(' and ')}.`
          : `Map: ${label}, outside our service areas.`}
      </figcaption>
    </figure>
  );
}
