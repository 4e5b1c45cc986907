/** The maps service: a token (3600 s) and the layers' features inside the visible box (SPEC §7, §9). */
import { FeatureCollectionSchema } from '@strand/domain';
import { ApiError, apiRequest } from '../../../lib/api-client';

export interface Envelope {
  west: number;
  south: number;
  east: number;
  north: number;
}

const round = (v: number) => Math.round(v * 1e5) / 1e5;

export function fetchLayer(serviceUrl: string, layerId: number, box: Envelope, token: string, signal?: AbortSignal) {
  const geometry = [box.west, box.south, box.east, box.north].map(round).join(',');
  const query = new URLSearchParams({
    geometry,
    geometryType: 'esriGeometryEnvelope',
    inSR: '4326',
    f: 'geojson',
    token,
  });
  return apiRequest(`${serviceUrl}/${layerId}/query?${query}`, {
    schema: FeatureCollectionSchema,
    ...(signal ? { signal } : {}),
  });
}

export const isInvalidToken = (error: unknown) => error instanceof ApiError && error.code === 'invalid_token';
