import { StaffHomeSchema } from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function fetchStaffHome(signal?: AbortSignal) {
  return apiRequest('/api/staff/home', { schema: StaffHomeSchema, ...(signal ? { signal } : {}) });
}

/** The counts of the staff home's tiles (the caller's roles'), read again every minute while the page is open. */
export const getStaffHomeQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'home'],
    queryFn: ({ signal }) => fetchStaffHome(signal),
    refetchInterval: 60_000,
  });

export function useStaffHome() {
  return useQuery(getStaffHomeQueryOptions());
}
