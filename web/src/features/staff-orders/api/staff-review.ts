import {
  type ChangeServiceArea,
  type ConfirmTempLocation,
  type RejectTempLocation,
  ServiceAreaChangeResultSchema,
  StaffServiceAreaListSchema,
  StaffTempLocationListSchema,
  TEMP_LOCATION_PAGE_DEFAULT,
  TempLocationReviewResultSchema,
} from '@strand/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A page of the temporary service locations waiting for staff: those with orders first, then the newest. */
export function fetchPendingTempLocations(page: { q: string; offset: number }, signal?: AbortSignal) {
  const query = new URLSearchParams({ status: 'unconfirmed', limit: String(TEMP_LOCATION_PAGE_DEFAULT) });
  if (page.q !== '') query.set('q', page.q);
  if (page.offset > 0) query.set('offset', String(page.offset));
  return apiRequest(`/api/staff/temp-locations?${query}`, {
    schema: StaffTempLocationListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const getPendingTempLocationsQueryOptions = (page: { q: string; offset: number }) =>
  queryOptions({
    queryKey: ['staff', 'temp-locations', 'unconfirmed', page.q, page.offset],
    queryFn: ({ signal }) => fetchPendingTempLocations(page, signal),
    placeholderData: keepPreviousData,
  });

export function usePendingTempLocations(page: { q: string; offset: number }) {
  return useQuery(getPendingTempLocationsQueryOptions(page));
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
