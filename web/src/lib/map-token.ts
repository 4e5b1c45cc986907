/** The maps service token (3600 s): the installer's map and the dispatch board's map draw base tiles with it. */
import { MAPS_TOKEN_LIFETIME_S, MapTokenSchema } from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The token is asked for again a minute before it lapses. */
export const getMapTokenQueryOptions = () =>
  queryOptions({
    queryKey: ['maps', 'token'],
    queryFn: ({ signal }) => apiRequest('/api/maps/token', { schema: MapTokenSchema, signal }),
    staleTime: (MAPS_TOKEN_LIFETIME_S - 60) * 1000,
    refetchInterval: (MAPS_TOKEN_LIFETIME_S - 60) * 1000,
  });

export function useMapToken() {
  return useQuery(getMapTokenQueryOptions());
}
