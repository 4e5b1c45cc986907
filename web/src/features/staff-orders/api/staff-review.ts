import {
  type ChangeServiceArea,
  type ConfirmTempLocation,
  type RejectTempLocation,
  ServiceAreaChangeResultSchema,
  StaffServiceAreaListSchema,
  StaffTempLocationListSchema,
  TempLocationReviewResultSchema,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The temporary service locations waiting for staff (oldest first). */
export function fetchPendingTempLocations(signal?: AbortSignal) {
  return apiRequest('/api/staff/temp-locations?status=unconfirmed', {
    schema: StaffTempLocationListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const getPendingTempLocationsQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'temp-locations', 'unconfirmed'],
    queryFn: ({ signal }) => fetchPendingTempLocations(signal),
  });

export function usePendingTempLocations() {
  return useQuery(getPendingTempLocationsQueryOptions());
}

export function fetchServiceAreas(signal?: AbortSignal) {
  return apiRequest('/api/staff/service-areas', { schema: StaffServiceAreaListSchema, ...(signal ? { signal } : {}) });
}

export const getServiceAreasQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'service-areas'], queryFn: ({ signal }) => fetchServiceAreas(signal) });

export function useServiceAreas() {
  return useQuery(getServiceAreasQueryOptions());
}

/** Confirm or reject a temporary location; either way it leaves the pending list. */
function useTempLocationReview<B>(path: 'confirm' | 'reject') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tempLocationId, body }: { tempLocationId: number; body: B }) =>
      apiRequest(`/api/staff/temp-locations/${tempLocationId}/${path}`, {
        method: 'POST',
        body,
        schema: TempLocationReviewResultSchema,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['staff', 'temp-locations'] });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'service-areas'] });
    },
  });
}

export const useConfirmTempLocation = () => useTempLocationReview<ConfirmTempLocation>('confirm');
export const useRejectTempLocation = () => useTempLocationReview<RejectTempLocation>('reject');

export function useChangeServiceArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ areaId, body }: { areaId: number; body: ChangeServiceArea }) =>
      apiRequest(`/api/staff/service-areas/${areaId}`, { method: 'PUT', body, schema: ServiceAreaChangeResultSchema }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['staff', 'service-areas'] });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'temp-locations'] });
    },
  });
}
