import { FeatureCollectionSchema, MAP_LAYER_OPACITY, MAP_QUERY_MAX_SPAN_DEGREES } from '@strand/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Feature } from 'geojson';
import { circleMarker, type LatLng, type PathOptions } from 'leaflet';
import { useEffect } from 'react';
import { GeoJSON } from 'react-leaflet';
import { type Envelope, fetchLayer } from '../../../lib/map-features';
import { getMapTokenQueryOptions } from '../../../lib/map-token';
import { offlineRead } from '../../../lib/offline/offline-runtime';
import { mapFeaturesPath } from '../../../lib/offline/saved-work-orders';
import { mapColour } from '../../../lib/ui/map-colours';
import { isInvalidToken } from '../api/map';

/** Each layer's colour; every layer is drawn at SPEC §9's opacity. */
const LAYER_COLORS: Record<number, string> = {
  0: mapColour.neutral,
  1: mapColour.success,
  2: mapColour['border-strong'],
  3: mapColour.brand,
  4: mapColour.info,
  5: mapColour.special,
  9: mapColour.slate,
  10: mapColour.accent,
  11: mapColour.amber,
  12: mapColour.magenta,
  14: mapColour.danger,
  18: mapColour.teal,
};

export const layerColor = (layerId: number) => LAYER_COLORS[layerId] ?? mapColour.neutral;

/** The query box: the view rounded outwards, so small pans reuse the cached answer. */
export function queryEnvelope(box: Envelope): Envelope {
  const step = 0.002;
  return {
    west: Math.floor(box.west / step) * step,
    south: Math.floor(box.south / step) * step,
    east: Math.ceil(box.east / step) * step,
    north: Math.ceil(box.north / step) * step,
  };
}

export const envelopeTooBig = (box: Envelope) =>
  box.east - box.west > MAP_QUERY_MAX_SPAN_DEGREES || box.north - box.south > MAP_QUERY_MAX_SPAN_DEGREES;

export interface MapLayerProps {
  workOrderId: number;
  layerId: number;
  name: string;
  serviceUrl: string;
  token: string;
  box: Envelope;
  onStatus(layerId: number, status: 'loading' | 'ready' | 'error', count: number): void;
}

/** One layer's features in the box, fetched from the map service and drawn as GeoJSON. */
export function MapLayer({ workOrderId, layerId, name, serviceUrl, token, box, onStatus }: MapLayerProps) {
  const queryClient = useQueryClient();
  const key = [box.west, box.south, box.east, box.north].map((v) => v.toFixed(3)).join(',');
  const layer = useQuery({
    queryKey: ['installer', 'map-layer', serviceUrl, layerId, key],
    // Offline (issue 27): the features around the site that Download kept (or the last ones seen here) still draw.
    queryFn: ({ signal }) =>
      offlineRead(mapFeaturesPath(workOrderId, layerId), FeatureCollectionSchema, () =>
        fetchLayer(serviceUrl, layerId, box, token, signal),
      ),
    networkMode: 'always',
    staleTime: 5 * 60_000,
  });

  useEffect(() => {
    // An expired token: ask for a new one; the layer refetches with it.
    if (isInvalidToken(layer.error))
      void queryClient.invalidateQueries({ queryKey: getMapTokenQueryOptions().queryKey });
  }, [layer.error, queryClient]);

  const count = layer.data?.features.length ?? 0;
  const status = layer.isError ? 'error' : layer.isPending ? 'loading' : 'ready';
  useEffect(() => onStatus(layerId, status, count), [layerId, status, count, onStatus]);

  if (!layer.data) return null;
  const color = layerColor(layerId);
  const style: PathOptions = {
    color,
    weight: 3,
    opacity: MAP_LAYER_OPACITY,
    fillColor: color,
    fillOpacity: MAP_LAYER_OPACITY * 0.5,
  };
  return (
    <GeoJSON
      key={`${layerId}-${key}-${count}`}
      data={layer.data as unknown as GeoJSON.FeatureCollection}
      style={() => style}
      pointToLayer={(_feature: Feature, at: LatLng) =>
        circleMarker(at, { ...style, radius: 6, fillOpacity: MAP_LAYER_OPACITY })
      }
      onEachFeature={(feature: Feature, shape) => {
        const label = typeof feature.properties?.name === 'string' ? feature.properties.name : name;
        shape.bindTooltip(`${name}: ${label}`);
      }}
    />
  );
}
