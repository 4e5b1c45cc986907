/** The maps service token (3600 s): the installer's, the contractor's and the dispatch board's maps draw base tiles with it. */
import { MAPS_TOKEN_LIFETIME_S, MapTokenSchema } from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { MAP_TOKEN_PATH } from './map-features';
import { offlineRead } from './offline/offline-runtime';

/** The token is asked for again a minute before it lapses. */
export const getMapTokenQueryOptions = () =>
  queryOptions({
    queryKey: ['maps', 'token'],
    // Offline (issue 27) the last token (or a downloaded work order's) still says where the features and tiles are:
    // the saved features draw, and the base map says it is not available offline.
    queryFn: ({ signal }) =>
      offlineRead(MAP_TOKEN_PATH, MapTokenSchema, () => apiRequest(MAP_TOKEN_PATH, { schema: MapTokenSchema, signal })),
    networkMode: 'always',
    staleTime: (MAPS_TOKEN_LIFETIME_S - 60) * 1000,
    refetchInterval: (MAPS_TOKEN_LIFETIME_S - 60) * 1000,
  });

export function useMapToken() {
  return useQuery(getMapTokenQueryOptions());
}
