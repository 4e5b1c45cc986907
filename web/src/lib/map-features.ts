/** The map service's feature query (SPEC §7, §9), shared by the installer's map and the offline Download. */
import { FeatureCollectionSchema } from '@strand/domain';
import { apiRequest } from './api-client';

/** The maps service token's address (kept by Download with the work order). */
export const MAP_TOKEN_PATH = '/api/maps/token';

export interface Envelope {
  west: number;
  south: number;
  east: number;
  north: number;
}

const round = (v: number) => Math.round(v * 1e5) / 1e5;

/** `${serviceUrl}/${layerId}/query?…`: a layer's features inside the box, as GeoJSON. */
export function layerQueryPath(serviceUrl: string, layerId: number, box: Envelope, token: string): string {
  const geometry = [box.west, box.south, box.east, box.north].map(round).join(',');
  const query = new URLSearchParams({
    geometry,
    geometryType: 'esriGeometryEnvelope',
    inSR: '4326',
    f: 'geojson',
    token,
  });
  return `${serviceUrl}/${layerId}/query?${query}`;
}

export function fetchLayer(serviceUrl: string, layerId: number, box: Envelope, token: string, signal?: AbortSignal) {
  return apiRequest(layerQueryPath(serviceUrl, layerId, box, token), {
    schema: FeatureCollectionSchema,
    ...(signal ? { signal } : {}),
  });
}
