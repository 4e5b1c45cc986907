/** The maps service: a token (3600 s) and the layers' features inside the visible box (SPEC §7, §9). */
import { FeatureCollectionSchema, MAPS_TOKEN_LIFETIME_S, MapTokenSchema } from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** The token is asked for again a minute before it lapses. */
export const getMapTokenQueryOptions = () =>
  queryOptions({
    queryKey: ['installer', 'map-token'],
    queryFn: ({ signal }) => apiRequest('/api/maps/token', { schema: MapTokenSchema, signal }),
    staleTime: (MAPS_TOKEN_LIFETIME_S - 60) * 1000,
    refetchInterval: (MAPS_TOKEN_LIFETIME_S - 60) * 1000,
  });

export function useMapToken() {
  return useQuery(getMapTokenQueryOptions());
}

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
