import { MAP_LAYERS, MAP_ZOOM } from '@strand/domain';
import type { Map as LeafletMap } from 'leaflet';
import { useCallback, useEffect, useId, useState } from 'react';
import { CircleMarker, MapContainer, Tooltip, useMapEvents } from 'react-leaflet';
import { useSearchParams } from 'react-router';
import { BaseMap } from '../../../lib/base-map';
import type { Envelope } from '../../../lib/map-features';
import { useMapToken } from '../../../lib/map-token';
import { envelopeTooBig, layerColor, MapLayer, queryEnvelope } from './map-layer';
import { useWorkOrderContext } from './work-order-layout';
import { QueryState, WorkOrderView } from './work-order-view';
import 'leaflet/dist/leaflet.css';
import { EmptyState } from '../../../lib/ui/empty-state';
import { mapColour } from '../../../lib/ui/map-colours';

const boxOf = (map: LeafletMap): Envelope => {
  const b = map.getBounds();
  return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
};

/** Reports the visible box when the map is ready and after each move or zoom. */
function ViewWatcher({ onBox }: { onBox(box: Envelope): void }) {
  const map = useMapEvents({ moveend: () => onBox(boxOf(map)) });
  useEffect(() => onBox(boxOf(map)), [map, onBox]);
  return null;
}

type LayerStatus = { status: 'loading' | 'ready' | 'error'; count: number };

/**
 * /search/{WOId}/arcGISMap: a Leaflet map at zoom 18 on the service location, with a checkbox per layer of SPEC §9
 * (the listed ones on at first, opacity 0.55). Layers come from the map service as GeoJSON, over the configured base
 * map (BaseMap: OpenStreetMap by default, with its credit; offline it says the base map is not available).
 */
export function ArcGisMapView() {
  const { workOrder } = useWorkOrderContext();
  const [params] = useSearchParams();
  const gisObject = params.get('gisObject');
  const id = useId();
  const token = useMapToken();
  const [visible, setVisible] = useState(() => new Set(MAP_LAYERS.filter((l) => l.defaultVisible).map((l) => l.id)));
  const [box, setBox] = useState<Envelope | null>(null);
  const [status, setStatus] = useState<Record<number, LayerStatus>>({});
  const place = workOrder.ServiceLocationDetails;

  const onBox = useCallback((next: Envelope) => setBox(queryEnvelope(next)), []);
  const onStatus = useCallback((layerId: number, s: LayerStatus['status'], count: number) => {
    setStatus((prev) =>
      prev[layerId]?.status === s && prev[layerId]?.count === count
        ? prev
        : { ...prev, [layerId]: { status: s, count } },
    );
  }, []);
  const toggle = (layerId: number, on: boolean) =>
    setVisible((prev) => {
      const next = new Set(prev);
      if (on) next.add(layerId);
      else next.delete(layerId);
      return next;
    });

  const tooBig = box !== null && envelopeTooBig(box);
  const failed = MAP_LAYERS.filter((l) => visible.has(l.id) && status[l.id]?.status === 'error');

  return (
    <WorkOrderView title={gisObject ? 'GIS Object map' : 'ArcGIS MAP'} offlineWarning wide>
      {gisObject && (
        <p className="wo-note">
          GIS object <strong>{gisObject}</strong> at {place?.fullAddress ?? 'the service location'}
        </p>
      )}
      {!place && <EmptyState>No Service Location found</EmptyState>}
      <QueryState isPending={token.isPending} error={token.error} what="the map" />
      {place && token.data && (
        <div className="wo-arcgis">
          <fieldset className="wo-layers">
            <legend>Layers</legend>
            {MAP_LAYERS.map((layer) => (
              <div key={layer.id} className="field field--check">
                <input
                  id={`${id}-layer-${layer.id}`}
                  type="checkbox"
                  checked={visible.has(layer.id)}
                  onChange={(e) => toggle(layer.id, e.target.checked)}
                />
                <label htmlFor={`${id}-layer-${layer.id}`}>
                  <span className="wo-swatch" style={{ background: layerColor(layer.id) }} aria-hidden="true" />
                  {layer.name}
                  {visible.has(layer.id) && status[layer.id]?.status === 'ready' && (
                    <span className="muted"> ({status[layer.id]?.count})</span>
                  )}
                </label>
              </div>
            ))}
          </fieldset>
          <div className="wo-map-frame">
            <MapContainer
              className="wo-map"
              center={[place.Latitude, place.Longitude]}
              zoom={MAP_ZOOM}
              maxZoom={21}
              attributionControl={false}
            >
              <BaseMap />
              <ViewWatcher onBox={onBox} />
              {box &&
                !tooBig &&
                MAP_LAYERS.filter((l) => visible.has(l.id)).map((layer) => (
                  <MapLayer
                    key={layer.id}
                    workOrderId={workOrder.WorkOrderID}
                    layerId={layer.id}
                    name={layer.name}
                    serviceUrl={token.data.featureServiceUrl}
                    token={token.data.token}
                    box={box}
                    onStatus={onStatus}
                  />
                ))}
              <CircleMarker
                center={[place.Latitude, place.Longitude]}
                radius={8}
                pathOptions={{ color: mapColour.danger, fillColor: mapColour.danger, fillOpacity: 0.9 }}
              >
                <Tooltip permanent direction="top">
                  {place.fullAddress}
                </Tooltip>
              </CircleMarker>
            </MapContainer>
          </div>
          <div className="wo-map-status" role="status">
            {tooBig && 'Zoom in to see the layers.'}
            {failed.length > 0 && `Could not load: ${failed.map((l) => l.name).join(', ')}.`}
          </div>
        </div>
      )}
    </WorkOrderView>
  );
}
